// The e-mailed code sign-in (Supabase Auth; locally dev/local-api/auth-server/): ask for a code, then verify it. The
// answers the page tells apart: a code was asked for, whatever the address (Supabase Auth refuses an address
// without an account, and a second code within a minute, but saying so would show who is on the team's list:
// docs/insights.md), a wrong or spent code, and a failure of the connection or the server.
import type { TeamClient } from './team-client';

export type AskAnswer = 'asked' | 'failed';
export type VerifyAnswer = { status: 'signed-in'; email: string } | { status: 'wrong-code' } | { status: 'failed' };

type AuthFailure = { status?: number; code?: string } | null;

/** A refusal by Supabase Auth (4xx) rather than a failure to reach it (no status, or a 5xx). */
const refused = (error: AuthFailure) => !!error?.status && error.status >= 400 && error.status < 500;

export async function askForCode(client: TeamClient, email: string): Promise<AskAnswer> {
  try {
    const { error } = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    return !error || refused(error) ? 'asked' : 'failed';
  } catch {
    return 'failed';
  }
}

export async function verifyCode(client: TeamClient, email: string, code: string): Promise<VerifyAnswer> {
  try {
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    if (error) return refused(error) ? { status: 'wrong-code' } : { status: 'failed' };
    return { status: 'signed-in', email: data.user?.email ?? email };
  } catch {
    return { status: 'failed' };
  }
}

/** The address of the session kept in this tab, if any. */
export async function signedInEmail(client: TeamClient): Promise<string | undefined> {
  try {
    const { data } = await client.auth.getSession();
    return data.session?.user.email ?? undefined;
  } catch {
    return undefined;
  }
}

export async function signOut(client: TeamClient): Promise<void> {
  try {
    await client.auth.signOut();
  } catch {
    // Signed out in this tab anyway: supabase-js removes the kept session first.
  }
}
