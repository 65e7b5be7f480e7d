// Placeholder until `npm run db:types` generates this file from the local
// database (it overwrites it). Shaped like the generator's output so the client
// is typed today; it lists only the one call the shell already makes.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: { [_ in never]: never };
    Views: { [_ in never]: never };
    Functions: {
      is_user_admin: {
        Args: { user_uuid: string };
        Returns: boolean;
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
