import { z } from '~/lib/schemas'

export const loginSchema = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().min(1, 'Please enter your password'),
})

export type LoginValues = z.infer<typeof loginSchema>

export const forgotSchema = z.object({ email: z.email('Please enter a valid email address') })

export type ForgotValues = z.infer<typeof forgotSchema>
