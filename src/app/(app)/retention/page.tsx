"use client";

import { EmptyState } from "@/components/empty-state";
import { WorkerBanner } from "@/components/worker-banner";
import { useCapabilities } from "@/lib/capabilities";
import { CertificateSection } from "./certificate-section";
import { CyclesSection } from "./cycles-section";
import { ForecastSection } from "./forecast-section";
import { LabelsSection } from "./labels-section";
import { PoliciesSection } from "./policies-section";

export default function RetentionPage() {
  const can = useCapabilities();
  if (!can.manageRetention || !can.retention) {
    return (
      <EmptyState title="Retention is not available">
        Managing retention needs the manage:all permission and the RETENTION_POLICY license feature.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-10">
      <h1 className="page-title">Retention</h1>
      <WorkerBanner waiting="lifecycle cycles (deletions and disposition review)" />
      <LabelsSection />
      <PoliciesSection />
      <ForecastSection />
      <CyclesSection />
      <CertificateSection />
    </div>
  );
}
