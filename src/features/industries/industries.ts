// The eight industries of /industries, also shown as badges on /clients.
export interface Industry {
  name: string
  description: string
  icon: 'Landmark' | 'HeartPulse' | 'GraduationCap' | 'Building2' | 'Leaf' | 'Factory' | 'ShoppingCart' | 'ShieldCheck'
}

export const INDUSTRIES: Industry[] = [
  {
    name: 'Banking & Finance',
    icon: 'Landmark',
    description: 'Core banking, payments, lending and collections for banks, microfinance institutions and credit unions.',
  },
  { name: 'Healthcare', icon: 'HeartPulse', description: 'Patient records, billing and claims that keep clinics and hospitals running smoothly.' },
  { name: 'Education', icon: 'GraduationCap', description: 'Admissions, fees, academics and parent communication for schools and school groups.' },
  { name: 'Government', icon: 'Building2', description: 'Secure revenue, payroll and citizen-service platforms for public institutions.' },
  { name: 'Real Estate & Green Energy', icon: 'Leaf', description: 'Mortgage servicing, rent collection and pay-as-you-go energy billing.' },
  { name: 'Manufacturing', icon: 'Factory', description: 'Workforce, payroll and supplier payments for factories and processing plants.' },
  { name: 'Retail & E-commerce', icon: 'ShoppingCart', description: 'Payments, loyalty and consumer credit for merchants and online stores.' },
  { name: 'Insurance', icon: 'ShieldCheck', description: 'Policy administration, premium collection and claims workflows.' },
]
