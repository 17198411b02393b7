// The consultation request a finished chat booking becomes. The message format is a contract with
// whoever reads the stored rows (documented in docs/chat.md), so it is fixed here rather than in content.
import type { ConsultationLead } from '../../lib/leads';
import type { Answers } from './state';
import { NOT_PROVIDED } from './steps';

export const CHAT_LEAD_SOURCE = 'Website chatbot';

/**
 * Four lines, in this order:
 *   Timezone: <answer>
 *   Preferred time: <answer>
 *   Website: <answer or Not provided>
 *   Source: Website chatbot
 */
export function chatLeadMessage(answers: Answers): string {
  return [
    `Timezone: ${answers.timezone ?? ''}`,
    `Preferred time: ${answers.preferred_datetime ?? ''}`,
    `Website: ${answers.website || NOT_PROVIDED}`,
    `Source: ${CHAT_LEAD_SOURCE}`,
  ].join('\n');
}

export function chatBookingLead(answers: Answers): ConsultationLead {
  return {
    name: answers.full_name ?? '',
    email: answers.email ?? '',
    company: answers.company ?? '',
    phone: answers.phone || NOT_PROVIDED,
    message: chatLeadMessage(answers),
  };
}
