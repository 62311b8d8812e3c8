/**
 * The generated password of the first administrator, printed once on the console after
 * start-up: last, below every log line, in a box that stands out from them (the README
 * tells a new user to look for it).
 */
export function firstAdminNotice(admin: { username: string; password: string }, signInUrl: string): string {
  const lines = [
    'The first administrator was created. Sign in with',
    '',
    `    Username: ${admin.username}`,
    `    Password: ${admin.password}`,
    '',
    `at ${signInUrl}`,
    'The password is shown only this once: change it under My Account.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 4)}+`;
  return ['', rule, ...lines.map((l) => `|  ${l.padEnd(width)}  |`), rule, ''].join('\n');
}
