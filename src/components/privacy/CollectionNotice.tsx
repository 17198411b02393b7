// The collection notice (Australian Privacy Principle 5) beside each place that asks for personal details:
// the marketer's text, then a link to the privacy policy that the copy cannot leave out.
import React from 'react';
import { Link } from 'gatsby';
import { PRIVACY_POLICY_PATH } from '../../content-model/route-paths';

export type CollectionNoticeCopy = { text: string; linkLabel: string };

type Props = { copy: CollectionNoticeCopy; className?: string; onLinkClick?: () => void };

export function CollectionNotice({ copy, className, onLinkClick }: Props) {
  return (
    <p className={className}>
      {copy.text}{' '}
      <Link to={PRIVACY_POLICY_PATH} onClick={onLinkClick}>
        {copy.linkLabel}
      </Link>
    </p>
  );
}
