// Durations as GoTrue reads them (ban_duration, SMTP_MAX_FREQUENCY): Go's time.ParseDuration.
const GO_DURATION_UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }

/** Go's time.ParseDuration ("24h", "1h30m", "876000h"). Null when malformed. */
export function parseGoDuration(raw: string): number | null {
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(raw)
  if (raw === '0') return 0
  if (!match) return null
  let total = 0
  for (const part of raw.slice(match[1].length).matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * GO_DURATION_UNITS_MS[part[2]]
  }
  return match[1] === '-' ? -total : total
}
