// Lets the privacy policy (content/legal/privacy-policy.mdx) state the facts kept in content/site.json
// `privacy` (where leads are stored, the e-mail provider, how long leads and counted visits are kept), written in the MDX as
// <PrivacyValue name="storageRegion" />, so the policy and the retention tool cannot disagree.
import React from 'react';

export type PrivacyFacts = {
  storageRegion: string;
  emailProvider: string;
  retentionMonths: number;
  visitEventDays: number;
};

export function privacyValueComponents(facts: PrivacyFacts) {
  return {
    PrivacyValue: ({ name }: { name: keyof PrivacyFacts }) => <>{String(facts[name])}</>,
  };
}
