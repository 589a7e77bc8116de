"use client";

import { createContext, useContext, type ReactNode } from "react";

/** What the signed-in user may do, computed on the server from their role; pages hide the rest. */
export interface Capabilities {
  user: { id: string; email: string; name: string; roleName: string | null };
  readArchive: boolean;
  deleteArchive: boolean;
  /** The installation's deletion switch (Settings): a manual deletion is refused while it is off, whatever the role. */
  deletionEnabled: boolean;
  restoreArchive: boolean;
  readUsers: boolean;
  readAudit: boolean;
  manageIngestion: boolean;
  /** The Super Admin's permission; the finer ones below are what a page asks for. */
  manageAll: boolean;
  manageHolds: boolean;
  manageRetention: boolean;
  manageDispositions: boolean;
  /** RETENTION_POLICY is licensed and dispositions can reach the user: manage:dispositions, or a rule names them (or their role) as reviewer. */
  reviewDispositions: boolean;
  manageUsers: boolean;
  manageSettings: boolean;
  manageSystem: boolean;
  legalHolds: boolean;
  retention: boolean;
  /** The EDISCOVERY feature is licensed and the role has read:ediscovery (manage for changes). */
  readEdiscovery: boolean;
  manageEdiscovery: boolean;
  /**
   * The configured search engine (MEILI_HOST): Meilisearch does not support the eDiscovery query
   * language (only an AND of words, phrases and a few fields), so the query help says so.
   */
  searchEngine: "postgres" | "meilisearch";
  /** The two-factor setting applies and the user has not enrolled: only the enrolment page is open. */
  mfaEnrolmentRequired: boolean;
}

const CapabilitiesContext = createContext<Capabilities | null>(null);

export function CapabilitiesProvider({ value, children }: { value: Capabilities; children: ReactNode }) {
  return <CapabilitiesContext.Provider value={value}>{children}</CapabilitiesContext.Provider>;
}

export function useCapabilities(): Capabilities {
  const value = useContext(CapabilitiesContext);
  if (!value) throw new Error("useCapabilities outside the signed-in layout");
  return value;
}
