import { emailRule } from '~/entities/rules'
import { z } from '~/lib/schemas'

export const loginSchema = z.object({
  email: emailRule,
  password: z.string().min(1, 'Please enter your password'),
})

export type LoginValues = z.infer<typeof loginSchema>

export const forgotSchema = z.object({ email: emailRule })

export type ForgotValues = z.infer<typeof forgotSchema>
