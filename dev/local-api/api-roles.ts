// The roles a request to the data API can run as: what a key or a JWT's `role` claim may name.
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export const isApiRole = (value: unknown): value is ApiRole => API_ROLES.includes(value as ApiRole);
