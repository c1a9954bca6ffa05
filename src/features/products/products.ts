// The six fixed cards of /products. 'Learn More' goes to the product's solution page and
// 'Discuss' to /contact with the product chosen (decisions.md); Hospital Management has no solution
// page yet, so it points at the suite and at a custom-project conversation.
export interface Product {
  name: string
  status: 'Live' | 'In Development' | 'Available'
  description: string
  icon: 'GraduationCap' | 'Users' | 'Landmark' | 'HeartPulse' | 'CreditCard' | 'Code2'
  learnMore: string
  interest: string
}

export const PRODUCTS: Product[] = [
  {
    name: 'EDU',
    status: 'Live',
    description: 'School management for admissions, fees, academics, attendance and parent communication.',
    icon: 'GraduationCap',
    learnMore: '/solutions/edu',
    interest: 'edu',
  },
  {
    name: 'HR',
    status: 'Live',
    description: 'Human resources and payroll with pensions, tax schedules, leave and self-service.',
    icon: 'Users',
    learnMore: '/solutions/hr',
    interest: 'hr',
  },
  {
    name: 'Core Banking',
    status: 'In Development',
    description: 'A real-time ledger for accounts, loans, deposits and payments, for banks of every size.',
    icon: 'Landmark',
    learnMore: '/solutions/banking',
    interest: 'banking',
  },
  {
    name: 'Hospital Management',
    status: 'In Development',
    description: 'Patient records, appointments, billing, pharmacy and insurance claims for hospitals and clinics.',
    icon: 'HeartPulse',
    learnMore: '/solutions',
    interest: 'custom',
  },
  {
    name: 'iRepay',
    status: 'Live',
    description: 'Debt collection and recovery with reminders, repayment plans and portfolio analytics.',
    icon: 'CreditCard',
    learnMore: '/solutions/irepay',
    interest: 'irepay',
  },
  {
    name: 'Custom Solutions',
    status: 'Available',
    description: 'Software designed and built around your processes, integrations and data.',
    icon: 'Code2',
    learnMore: '/solutions/custom',
    interest: 'custom',
  },
]
