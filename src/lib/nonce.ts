// The Content-Security-Policy nonce of one response. The web server makes a fresh one per response
// and sends it in the CSP header; the render puts it on React Router's inline scripts. Without a
// server that sets it (`vite dev`, tests), it is empty and no CSP header is sent either.
import { createContext } from 'react-router'

export const nonceContext = createContext<string>('')
