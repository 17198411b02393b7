// The CRM targets the sync knows (issue 46, docs/crm.md): what the database's private.crm_targets accepts, what
// crm-sync sends to, what the team's e-mail and `npm run leads` name.
export const CRM_TARGETS = ['hubspot', 'pipedrive', 'webhook'] as const;
export type CrmTarget = (typeof CRM_TARGETS)[number];

export const isCrmTarget = (value: unknown): value is CrmTarget => CRM_TARGETS.includes(value as CrmTarget);
