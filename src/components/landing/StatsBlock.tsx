import { graphql } from 'gatsby';
import { StatsBand } from '../home/StatsBand';

export const landingStatsFields = graphql`
  fragment LandingStatsFields on LandingStats {
    type
    stats {
      value
      label
    }
  }
`;

export type StatsBlockProps = { stats: readonly { value: string; label: string }[] };

export function StatsBlock({ stats }: StatsBlockProps) {
  return <StatsBand stats={stats} />;
}
