// A date-and-time input in the company's time zone for a form field that holds a UTC ISO string
// ('' when empty): the person picks wall-clock time there, the form keeps the instant.
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { fromZonedInput, toZonedInput } from '~/lib/zoned-time'
import { useTimeZone } from '../lib/time-zone'
import { Field } from './field'
import { input } from './styles'

export interface ZonedDateTimeProps<Input extends FieldValues> {
  control: Control<Input, unknown, FieldValues>
  name: Path<Input>
  label: string
  hint?: string
}

export function ZonedDateTime<Input extends FieldValues>({ control, name, label, hint }: ZonedDateTimeProps<Input>) {
  const zone = useTimeZone()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} hint={`${hint ? `${hint} ` : ''}Time zone: ${zone}.`}>
          <input
            type="datetime-local"
            className={input}
            name={field.name}
            ref={field.ref}
            value={toZonedInput(field.value as string, zone)}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(fromZonedInput(event.target.value, zone))}
          />
        </Field>
      )}
    />
  )
}
