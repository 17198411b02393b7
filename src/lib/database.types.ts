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
          company: string;
          created_at: string;
          email: string;
          id: string;
          message: string;
          name: string;
          phone: string;
        };
        Insert: {
          attribution?: Json | null;
          company: string;
          created_at?: string;
          email: string;
          id?: string;
          message?: string;
          name: string;
          phone?: string;
        };
        Update: {
          attribution?: Json | null;
          company?: string;
          created_at?: string;
          email?: string;
          id?: string;
          message?: string;
          name?: string;
          phone?: string;
        };
        Relationships: [];
      };
      contact_messages: {
        Row: {
          attribution: Json | null;
          company: string | null;
          created_at: string;
          email: string;
          id: string;
          message: string;
          name: string;
        };
        Insert: {
          attribution?: Json | null;
          company?: string | null;
          created_at?: string;
          email: string;
          id?: string;
          message: string;
          name: string;
        };
        Update: {
          attribution?: Json | null;
          company?: string | null;
          created_at?: string;
          email?: string;
          id?: string;
          message?: string;
          name?: string;
        };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: { [_ in never]: never };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
