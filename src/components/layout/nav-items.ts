// The menu data of the public header, mobile menu and footer: one list, so the three never disagree.
export interface NavItem {
  title: string
  href: string
  description?: string
}

export const FEATURED_SOLUTION: NavItem = {
  title: 'Core Banking Software',
  href: '/solutions/banking',
  description: 'A real-time, cloud-ready core for commercial, microfinance and mortgage banks.',
}

// Custom Solutions is part of the menu data but the dropdown shows only the first four entries.
export const SOLUTION_ITEMS: NavItem[] = [
  { title: 'Education Management', href: '/solutions/edu', description: 'Admissions, fees, academics and parents in one place.' },
  { title: 'HR Management', href: '/solutions/hr', description: 'People, payroll, pensions and leave, done right.' },
  { title: 'iRepay Debt Recovery', href: '/solutions/irepay', description: 'Structured, humane collections and recovery.' },
  { title: 'AI & Automation', href: '/solutions/ai', description: 'Credit scoring, KYC review and workflow automation.' },
  { title: 'Custom Solutions', href: '/solutions/custom', description: 'Software built around your processes.' },
]
export const SOLUTION_MENU_LIMIT = 4

export const COMPANY_ITEMS: NavItem[] = [
  { title: 'About Us', href: '/about', description: 'Our mission, values and leadership team.' },
  { title: 'Careers', href: '/careers', description: 'Open roles and life at the company.' },
  { title: 'Clients', href: '/clients', description: 'The institutions we serve, in their words.' },
]

export const MOBILE_ITEMS: NavItem[] = [
  { title: 'Home', href: '/' },
  { title: 'Solutions', href: '/solutions' },
  { title: 'Industries', href: '/industries' },
  { title: 'About Us', href: '/about' },
  { title: 'Careers', href: '/careers' },
  { title: 'Clients', href: '/clients' },
  // decisions.md: the mobile Editorial link goes to /resources, like the desktop one.
  { title: 'Editorial', href: '/resources' },
]

export const FOOTER_SOLUTIONS: NavItem[] = [
  { title: 'Core Banking', href: '/solutions/banking' },
  { title: 'AI & Automation', href: '/solutions/ai' },
  { title: 'iRepay', href: '/solutions/irepay' },
  { title: 'HR Management', href: '/solutions/hr' },
  { title: 'Education Management', href: '/solutions/edu' },
]

export const FOOTER_COMPANY: NavItem[] = [
  { title: 'About Us', href: '/about' },
  { title: 'Careers', href: '/careers' },
  { title: 'Clients', href: '/clients' },
  { title: 'Contact', href: '/contact' },
]

export const FOOTER_LEGAL: NavItem[] = [
  { title: 'Privacy Policy', href: '/privacy-policy' },
  { title: 'Terms of Use', href: '/terms-of-use' },
]
