// Stands in for a command whose work lands with a later issue: says so and fails, never pretends.
const command = process.argv[2] ?? 'this command'
console.error(`npm run ${command} is not there yet: it lands with the public site and admin screens.`)
process.exit(1)
