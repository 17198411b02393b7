// The proof-of-work payloads a flood sends with its leads (issue 36; the format: __tests__/helpers/lead-challenge.ts):
//   valid          a solved challenge no lead carried before: from `valid()` (the bench: issued by the database
//                  and solved by a worker thread; the test: minted with the database's secret, no search needed)
//   missing        none
//   replayed       the payload of a valid lead the flood already sent and got its answer for (so it is used)
//   expired        minted with the database's secret (read from the database as its owner, as the contract tests
//                  do) and an `expires` 1 s to 1 h in the past: signed and solved, only out of date
//   bad_signature  solved, but signed with another secret
// A kind that cannot be made at that moment (no valid one solved yet, nothing used yet to replay) is sent as
// `missing` and counted under `unavailable`.
import { randomBytes } from 'node:crypto';
import { mintChallenge } from '../../__tests__/helpers/lead-challenge';

export const CHALLENGE_KINDS = ['valid', 'missing', 'replayed', 'expired', 'bad_signature'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];
export type ChallengeMix = Record<ChallengeKind, number>;

export const DEFAULT_MIX: ChallengeMix = {
  valid: 0.3,
  missing: 0.3,
  replayed: 0.15,
  expired: 0.15,
  bad_signature: 0.1,
};

export type ChallengeSource = {
  /** A solved payload never sent before, or undefined when none is ready. */
  valid(): string | undefined;
  /** The database's secret (for expired payloads). */
  secret: string;
};

export type Drawn = { wanted: ChallengeKind; sent: ChallengeKind; payload: string | undefined };

/** Draws kinds by the mix and makes their payloads; remembers the valid payloads answered, for replays. */
export function challengeDrawer(source: ChallengeSource, mix: ChallengeMix, random: () => number = Math.random) {
  const total = CHALLENGE_KINDS.reduce((sum, kind) => sum + mix[kind], 0);
  const answered: string[] = [];
  const otherSecret = randomBytes(32).toString('hex');
  const pick = (): ChallengeKind => {
    let left = random() * total;
    for (const kind of CHALLENGE_KINDS) {
      left -= mix[kind];
      if (left < 0) return kind;
    }
    return 'missing';
  };
  const make = (kind: ChallengeKind): string | undefined => {
    switch (kind) {
      case 'valid':
        return source.valid();
      case 'missing':
        return undefined;
      case 'replayed':
        return answered.length ? answered[Math.floor(random() * answered.length)] : undefined;
      case 'expired':
        return mintChallenge(source.secret, { maxNumber: 50_000, expiresIn: -1 - Math.floor(random() * 3600) }).payload;
      case 'bad_signature':
        return mintChallenge(otherSecret, { maxNumber: 50_000 }).payload;
    }
  };
  return {
    draw(): Drawn {
      const wanted = pick();
      const payload = make(wanted);
      return { wanted, sent: payload === undefined ? 'missing' : wanted, payload };
    },
    /** A valid payload whose lead was answered: the database has used it up, so it can be replayed. */
    answered(payload: string) {
      answered.push(payload);
    },
  };
}

/** Valid payloads minted with the database's secret: the test's source (no solving, the number is known). */
export function mintedSource(secret: string): ChallengeSource {
  return { secret, valid: () => mintChallenge(secret, { maxNumber: 50_000 }).payload };
}
