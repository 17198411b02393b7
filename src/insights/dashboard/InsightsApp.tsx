// The dashboard's code, loaded only by /insights (src/pages/insights.tsx, React.lazy): the team member's session
// kept in this tab, else the sign-in; signed in, the dashboard. Signing in moves focus to the figures; signing out,
// to the address's field. The client is made in the browser only (the build renders the loading line), and
// supabase-js is imported then: the build's renderer loads this module, and supabase-js at import would load Node's
// deprecated punycode there (the deploy build check refuses a build that prints it). The page's query result, as
// `content`, names the experiments in the content (./experiment-content.ts).
import { useEffect, useMemo, useState } from 'react';
import type { DashboardCopy } from './copy-schema';
import { Dashboard } from './Dashboard';
import { experimentsFromContent, type ExperimentsQueryData } from './experiment-content';
import { SignIn } from './SignIn';
import { signedInEmail, signOut } from './sign-in-api';
import type { TeamClient } from './team-client';

type State =
  | { kind: 'checking' }
  | { kind: 'signed-out'; client: TeamClient; focus: boolean }
  | { kind: 'signed-in'; client: TeamClient; email: string; focus: boolean };

type Props = {
  copy: DashboardCopy;
  /** The page query's result; without it, no experiments. */
  content?: ExperimentsQueryData;
};

export default function InsightsApp({ copy, content }: Props) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const experiments = useMemo(
    () => experimentsFromContent(content ?? {}, copy.experiments.original),
    [content, copy.experiments.original],
  );

  useEffect(() => {
    void import('./team-client').then(async ({ getTeamClient }) => {
      const client = getTeamClient();
      const email = await signedInEmail(client);
      setState(
        email ? { kind: 'signed-in', client, email, focus: false } : { kind: 'signed-out', client, focus: false },
      );
    });
  }, []);

  if (state.kind === 'checking') return <p>{copy.loading}</p>;
  const { client } = state;
  if (state.kind === 'signed-out')
    return (
      <SignIn
        client={client}
        copy={copy.signIn}
        focusOnShow={state.focus}
        onSignedIn={(email) => setState({ kind: 'signed-in', client, email, focus: true })}
      />
    );
  return (
    <Dashboard
      client={client}
      copy={copy}
      email={state.email}
      experiments={experiments}
      focusOnShow={state.focus}
      onSignOut={() => void signOut(client).then(() => setState({ kind: 'signed-out', client, focus: true }))}
    />
  );
}
