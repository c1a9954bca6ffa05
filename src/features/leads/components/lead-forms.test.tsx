// @vitest-environment jsdom
// The lead forms in a browser with JavaScript, as a visitor uses them: the browser-side checks
// (same schemas as the actions), inline messages, the busy label, the confirmation and the reset.
// The actions are stand-ins here; tests/leads-forms.test.ts posts to the real ones.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ApplicationForm } from './application-form'
import { ContactForm } from './contact-form'
import { NewsletterForm } from './newsletter-form'

afterEach(cleanup)

const solutions = [
  { slug: 'banking', title: 'Core Banking Software' },
  { slug: 'hr', title: 'Human Resources Management System' },
]

function renderWithActions(ui: () => React.ReactElement, actions: Record<string, (formData: FormData) => Promise<unknown>>) {
  const Stub = createRoutesStub([
    { path: '/', Component: ui },
    ...Object.entries(actions).map(([path, handle]) => ({
      path,
      action: async ({ request }: { request: Request }) => handle(await request.formData()),
    })),
  ])
  return render(<Stub initialEntries={['/']} />)
}

describe('ContactForm', () => {
  it('preselects the solution from the query string', () => {
    renderWithActions(() => <ContactForm solutions={solutions} interestedIn="hr" />, {})
    expect(screen.getByLabelText(/Interested In/)).toHaveProperty('value', 'Human Resources Management System')
  })

  it('shows field errors without sending, then sends, confirms inline and resets', async () => {
    const user = userEvent.setup()
    const received: FormData[] = []
    let release: () => void = () => {}
    renderWithActions(() => <ContactForm solutions={solutions} />, {
      '/leads/contact': async (formData) => {
        received.push(formData)
        await new Promise<void>((resolve) => (release = resolve))
        return { ok: true }
      },
    })
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('First name is required')).toBeTruthy()
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Message is required')).toBeTruthy()
    expect(received).toHaveLength(0)

    await user.type(screen.getByLabelText('First Name'), 'Ada')
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace')
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.selectOptions(screen.getByLabelText(/Interested In/), 'Core Banking Software')
    await user.type(screen.getByLabelText('Message'), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy()
    release()
    expect((await screen.findByRole('status')).textContent).toBe("Thank you! We'll be in touch shortly.")
    expect(received).toHaveLength(1)
    expect(Object.fromEntries(received[0])).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      interestedIn: 'Core Banking Software',
      message: 'Hello',
      website: '',
    })
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveProperty('value', ''))
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
  })

  it("shows the flood limit's message and keeps what was typed", async () => {
    const user = userEvent.setup()
    renderWithActions(() => <ContactForm solutions={solutions} />, {
      '/leads/contact': async () => ({ ok: false, fieldErrors: {}, formError: 'Too many submissions, please try again later.', values: {} }),
    })
    await user.type(screen.getByLabelText('First Name'), 'Ada')
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace')
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Message'), 'Kept')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many submissions, please try again later.')
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Kept')
  })
})

describe('NewsletterForm', () => {
  it('requires an e-mail and confirms a subscription', async () => {
    const user = userEvent.setup()
    const received: string[] = []
    renderWithActions(() => <NewsletterForm />, {
      '/leads/newsletter': async (formData) => {
        received.push(String(formData.get('email')))
        return { ok: true }
      },
    })
    // The form loads its schema when first focused (zod is not in the first page load).
    await user.click(screen.getByLabelText('Email address'))
    await import('../schemas')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Email is required')).toBeTruthy()
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect((await screen.findByRole('status')).textContent).toContain('Check your inbox to confirm your subscription.')
    expect(received).toEqual(['reader@example.com'])
  })
})

describe('ApplicationForm', () => {
  const job = { title: 'Backend Engineer' }

  it("posts to the role's page and checks the CV before sending", async () => {
    const user = userEvent.setup({ applyAccept: false })
    const received: FormData[] = []
    renderWithActions(() => <ApplicationForm job={job} action="/careers/backend-engineer" />, {
      '/careers/:slug': async (formData) => {
        received.push(formData)
        return { ok: true }
      },
    })
    expect(screen.getByRole('form', { name: 'Apply for Backend Engineer' }).getAttribute('action')).toBe('/careers/backend-engineer')

    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace')
    // The schema loads on the form's first focus (zod is not in the page's first load).
    await import('../schemas')
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    const cvInput = screen.getByLabelText(/^CV/)
    await user.upload(cvInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Please choose a PDF, DOC or DOCX file.')).toBeTruthy()

    await user.upload(cvInput, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }))
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('The CV must be at most 5 MB.')).toBeTruthy()
    expect(received).toHaveLength(0)

    await user.upload(cvInput, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }))
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect((await screen.findByRole('status')).textContent).toContain('Thank you for applying!')
    // (What was sent, file included, is checked in Chromium: tests/e2e/leads-forms.e2e.ts.)
    expect(received).toHaveLength(1)
  })
})
