import type { Db } from '~/lib/supabase'
import { submitJobApplication } from '../api/applications.server'
import { cvKindOf, type CvKind } from '../cv-file'
import { fieldErrorsOf, type FieldErrors } from '~/entities/limits'
import { echoedValues, textValues } from '../form-result'
import { applicationLimits, applicationSchema, CV_TYPE_MESSAGE, type ApplicationField } from '../schemas'
import { answerSubmission, type Answer } from './submission.server'

export async function handleApplicationSubmission(db: Db, jobId: string, formData: FormData, secret: string): Promise<Answer<ApplicationField>> {
  const values = textValues(formData, applicationLimits)
  const parsed = applicationSchema.safeParse({ ...values, cv: formData.get('cv') })
  let kind: CvKind | null = null
  let bytes: Uint8Array | null = null
  if (parsed.success) {
    // The name says PDF/DOC/DOCX; now the content must agree.
    bytes = new Uint8Array(await parsed.data.cv.arrayBuffer())
    kind = cvKindOf(parsed.data.cv.name, bytes)
  }
  return answerSubmission(
    formData,
    echoedValues(values, applicationLimits),
    (): FieldErrors<ApplicationField> | null => {
      if (!parsed.success) return fieldErrorsOf<ApplicationField>(parsed.error)
      if (!kind) return { cv: CV_TYPE_MESSAGE }
      return null
    },
    () => {
      const { cv, ...fields } = parsed.data!
      return submitJobApplication(db, jobId, fields, { kind: kind!, bytes: bytes!, fileName: cv.name }, secret)
    },
    'job application form',
  )
}
