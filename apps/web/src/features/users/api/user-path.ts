/** /api/users/:id with the id encoded: ids look like 'auth0|…' or 'samlp|connection|email'. */
export function userPath(id: string, suffix = ''): string {
  return `/api/users/${encodeURIComponent(id)}${suffix}`;
}
