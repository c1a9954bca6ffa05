// `npm run signing-keys`: the local backend's JWT signing keys, rotated and revoked as on a
// Supabase project (Project Settings, JWT Keys), while it runs or not (it reads keys.json anew):
//   npm run signing-keys                  lists them: kid, status, since when
//   npm run signing-keys -- rotate        a new key signs every new access token from now on; the
//                                         one before stays published and verifies the tokens it
//                                         signed until it is revoked
//   npm run signing-keys -- revoke [KID]  drops the previous key (KID, or all previous ones): tokens
//                                         it signed are refused at once. Revoke once they have
//                                         expired (an hour) to sign nobody out.
import { revokeSigningKeys, rotateSigningKey, writeKeys, type ProjectKeys } from '../local-supabase/src/keys.ts'
import { localKeysOrExit } from './lib/local-keys.ts'

function list(keys: ProjectKeys): void {
  for (const key of keys.signingKeys) console.log(`${key.jwk.kid}  ${key.jwk.alg}  ${key.status.padEnd(8)}  since ${key.since}`)
}

const { dataDir, keys } = await localKeysOrExit()
const [command, kid, extra] = process.argv.slice(2)
if (command === undefined) {
  list(keys)
} else if (command === 'rotate' && kid === undefined) {
  const rotated = await rotateSigningKey(keys)
  await writeKeys(dataDir, rotated)
  console.log(`New current signing key ${rotated.signingKeys[0].jwk.kid}; the previous one verifies until revoked.`)
  list(rotated)
} else if (command === 'revoke' && extra === undefined) {
  const { keys: kept, revoked } = revokeSigningKeys(keys, kid)
  if (revoked.length === 0) {
    console.error(kid ? `No previous signing key ${kid} (the current key is revoked only after a rotation).` : 'No previous signing key to revoke.')
    process.exit(1)
  }
  await writeKeys(dataDir, kept)
  console.log(`Revoked ${revoked.join(', ')}: tokens signed with it are refused from now on.`)
  list(kept)
} else {
  console.error('Usage: npm run signing-keys [-- rotate | revoke [KID]]')
  process.exit(2)
}
