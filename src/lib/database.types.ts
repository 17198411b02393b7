// The shape `supabase gen types typescript --local` produces for supabase/migrations.
// __tests__/contract/schema.test.ts compares it with the migrated database column by column (type,
// nullability, default), so the two cannot disagree: change a migration, then update this file to match.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      consultation_requests: {
        Row: {
          attribution: Json | null;
          challenge: string | null;
          challenge_issued_at: string | null;
          client_hash: string | null;
          company: string;
          created_at: string;
          duplicate_of: string | null;
          email: string;
          hold_reason: string | null;
          honeypot: string | null;
          id: string;
          message: string;
          name: string;
          network_hash: string | null;
          phone: string;
          release_token_hash: string | null;
          released_at: string | null;
          released_by: string | null;
        };
        Insert: {
          attribution?: Json | null;
          challenge?: string | null;
          challenge_issued_at?: string | null;
          client_hash?: string | null;
          company: string;
          created_at?: string;
          duplicate_of?: string | null;
          email: string;
          hold_reason?: string | null;
          honeypot?: string | null;
          id?: string;
          message?: string;
          name: string;
          network_hash?: string | null;
          phone?: string;
          release_token_hash?: string | null;
          released_at?: string | null;
          released_by?: string | null;
        };
        Update: {
          attribution?: Json | null;
          challenge?: string | null;
          challenge_issued_at?: string | null;
          client_hash?: string | null;
          company?: string;
          created_at?: string;
          duplicate_of?: string | null;
          email?: string;
          hold_reason?: string | null;
          honeypot?: string | null;
          id?: string;
          message?: string;
          name?: string;
          network_hash?: string | null;
          phone?: string;
          release_token_hash?: string | null;
          released_at?: string | null;
          released_by?: string | null;
        };
        Relationships: [];
      };
      contact_messages: {
        Row: {
          attribution: Json | null;
          challenge: string | null;
          challenge_issued_at: string | null;
          client_hash: string | null;
          company: string | null;
          created_at: string;
          duplicate_of: string | null;
          email: string;
          hold_reason: string | null;
          honeypot: string | null;
          id: string;
          message: string;
          name: string;
          network_hash: string | null;
          release_token_hash: string | null;
          released_at: string | null;
          released_by: string | null;
        };
        Insert: {
          attribution?: Json | null;
          challenge?: string | null;
          challenge_issued_at?: string | null;
          client_hash?: string | null;
          company?: string | null;
          created_at?: string;
          duplicate_of?: string | null;
          email: string;
          hold_reason?: string | null;
          honeypot?: string | null;
          id?: string;
          message: string;
          name: string;
          network_hash?: string | null;
          release_token_hash?: string | null;
          released_at?: string | null;
          released_by?: string | null;
        };
        Update: {
          attribution?: Json | null;
          challenge?: string | null;
          challenge_issued_at?: string | null;
          client_hash?: string | null;
          company?: string | null;
          created_at?: string;
          duplicate_of?: string | null;
          email?: string;
          hold_reason?: string | null;
          honeypot?: string | null;
          id?: string;
          message?: string;
          name?: string;
          network_hash?: string | null;
          release_token_hash?: string | null;
          released_at?: string | null;
          released_by?: string | null;
        };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      claim_lead_notifications: {
        Args: { batch_size?: number; lease_seconds?: number };
        Returns: {
          job_id: string;
          claim_token: string;
          // null for the hourly digest of held leads (20261127100000_held_leads.sql): a job without a lead.
          lead_table: string | null;
          lead_id: string | null;
          attempts: number;
          queued_at: string;
          lead: Json | null;
          /** 'lead', 'held_digest' or 'weekly_summary'. */
          kind: string;
        }[];
      };
      complete_lead_notification: {
        Args: { job_id: string; claim_token: string; provider_message_id?: string | null };
        Returns: boolean;
      };
      fail_lead_notification: {
        Args: { job_id: string; claim_token: string; error: string; retry_in_seconds?: number | null };
        Returns: boolean;
      };
      // The booking functions (supabase/migrations/20261125100000_booking.sql) answer a JSON object with a
      // `status`; src/features/booking/booking-api.ts reads it.
      booking_slots: { Args: { from_time?: string | null; until_time?: string | null }; Returns: Json };
      hold_booking_slot: { Args: { email: string; starts_at: string; visitor_time_zone: string }; Returns: Json };
      confirm_booking: { Args: { hold_id: string; email: string }; Returns: Json };
      managed_booking: { Args: { token: string }; Returns: Json };
      cancel_booking: { Args: { token: string }; Returns: Json };
      move_booking: { Args: { token: string; starts_at: string }; Returns: Json };
      // The host's "who turned up" link (20261126110000_booking_host_messages.sql);
      // src/features/call-outcome/outcome-api.ts reads the answer.
      call_for_outcome: { Args: { token: string }; Returns: Json };
      record_call_outcome: { Args: { token: string; outcome: string }; Returns: Json };
      // The digest's release link of a held lead (20261127100000_held_leads.sql): what it shows, and the release.
      held_lead_for_release: { Args: { token: string }; Returns: Json };
      release_held_lead_by_token: { Args: { token: string }; Returns: Json };
      // A proof-of-work challenge in ALTCHA's format (20261128100000_lead_challenge.sql); the lead carries the
      // solved payload in `challenge` (src/lib/lead-challenge/).
      lead_challenge: { Args: Record<string, never>; Returns: Json };
      // Visits counted without cookies (20261202100000_visit_events.sql): an array of at most 20 events
      // (src/insights/visit-event-kinds.ts), answered {"stored", "not_counted", "flood_held"}; and the retention
      // `npm run leads -- retention` runs with a secret key (dev/leads/visit-retention.ts).
      record_visit_events: { Args: { events: Json }; Returns: Json };
      delete_expired_visit_events: { Args: { dry_run?: boolean }; Returns: Json };
      // The team's reports (20261202120000_insights_reports.sql): a signed-in team member's only (42501 for anyone
      // else); src/insights/dashboard/reports-api.ts reads them.
      insights_experiment: {
        Args: { experiment_id: string; started_at: string };
        Returns: {
          variant: number;
          visitors: number;
          engaged: number;
          leads: number;
          booked: number;
          attended: number;
        }[];
      };
      insights_overview: { Args: { from_day: string; to_day: string }; Returns: Json };
      insights_sources: {
        Args: { from_day: string; to_day: string; touch?: string };
        Returns: {
          dimension: string;
          name: string | null;
          visitors: number;
          leads: number;
          booked: number;
          attended: number;
          rank: number;
        }[];
      };
      insights_pages: {
        Args: { from_day: string; to_day: string };
        Returns: {
          dimension: string;
          name: string | null;
          visitors: number;
          engaged: number;
          leads: number;
          booked: number;
          rank: number;
        }[];
      };
      lead_notification_statuses: {
        Args: { lead_ids?: string[] | null };
        Returns: {
          lead_table: string;
          lead_id: string;
          status: string;
          attempts: number;
          queued_at: string;
          next_attempt_at: string;
          sent_at: string | null;
          last_error: string | null;
        }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
