// A program that uses every export of the npm package's declarations
// (npm/index.d.ts), type-checked with `tsc --noEmit` (api.test.mjs): a
// declaration that no longer fits what a user writes fails here.

import {
  catalog,
  fix,
  init,
  initSync,
  isReady,
  limits,
  lint,
  lookup,
  toOrc,
} from "heatwise";
import type {
  AppliedFix,
  AttributeInfo,
  CatalogEntry,
  Diagnostic,
  Edit,
  FixResult,
  LifecycleStep,
  Limits,
  OrcExport,
  OrcFinding,
  OrcObject,
  PropertyInfo,
  ResourceTypeInfo,
  SkippedFix,
  StatusAtTarget,
  StatusKind,
  Subject,
  TemplateAliasInfo,
  TopPropertyInfo,
  TranslationRule,
} from "heatwise";

export async function everything(text: string, wasm: Uint8Array): Promise<string[]> {
  await init();
  await init(new URL("file:///heatwise_bg.wasm"));
  initSync(wasm);
  const seen: string[] = [];
  const ready: boolean = isReady();
  const bounds: Limits = limits();
  seen.push(`${ready} ${bounds.maxTextBytes + bounds.maxEnvironments + bounds.maxOrcFindings}`);

  const findings: Diagnostic[] = lint(text, { target: "2024.1", environments: [text], catalog: "{}" });
  for (const finding of findings) {
    const where: number = finding.line + finding.column + finding.offset + finding.from + finding.to;
    const status: StatusKind | null = finding.status;
    const severity: "error" | "warning" | "info" = finding.severity;
    const stage: "client" | "validate" | "create" | null = finding.stage;
    const steps: LifecycleStep[] = finding.lifecycle;
    const subject: Subject | null = finding.subject;
    if (subject?.kind === "property") seen.push(subject.path);
    if (subject?.kind === "attribute") seen.push(subject.name);
    const edits: Edit[] = finding.fix?.edits ?? [];
    seen.push(`${finding.code} ${finding.name} ${where} ${status} ${severity} ${stage} ${steps.length} ${edits.length}`);
  }

  const result: FixResult = fix(text, { unsafe: true, codes: ["HW202"], target: "Liberty" });
  const applied: AppliedFix[] = result.applied;
  const skipped: SkippedFix[] = result.skipped;
  seen.push(`${result.text} ${applied.length} ${skipped.map((s) => s.reason)} ${result.converged} ${result.refused}`);
  seen.push(`${result.remaining.length}`);

  const found: ResourceTypeInfo | TemplateAliasInfo | null = lookup("OS::Neutron::Port");
  if (found?.kind === "resource_type") {
    const properties: Record<string, PropertyInfo> = found.properties;
    const rules: TranslationRule[] = found.translation_rules;
    const at: StatusAtTarget | undefined = found.at;
    seen.push(`${found.summary} ${Object.keys(properties)} ${rules.map((r) => r.rule)} ${at?.state}`);
  } else if (found?.kind === "template") {
    seen.push(found.template);
  }
  const attribute: AttributeInfo | null = lookup("OS::Nova::Server", "first_address", { attribute: true });
  seen.push(`${attribute?.value_type}`);
  const property = lookup("OS::Neutron::Port", "network_id", { target: "Juno" });
  if (property?.kind === "property") {
    const top: TopPropertyInfo = property;
    seen.push(`${top.update_allowed} ${top.immutable} ${top.default}`);
  }

  const types: CatalogEntry[] = catalog({ hidden: true, target: "27.0.1" });
  seen.push(types.map((entry) => `${entry.type} ${entry.status} ${entry.placeholder}`).join());

  const exported: OrcExport = toOrc(text, {
    namespace: "apps",
    credentials: { secretName: "openstack-clouds", cloudName: "openstack" },
    parameters: { key: "value" },
    environments: [text],
    files: { "nested.yaml": text },
    stackResources: "[]",
  });
  const objects: OrcObject[] = exported.objects;
  const orcFindings: OrcFinding[] = exported.findings;
  seen.push(`${exported.yaml} ${exported.complete} ${exported.planText} ${exported.plan.waves.length}`);
  seen.push(`${objects.map((o) => o.kind)} ${orcFindings.map((f) => f.file)} ${exported.heatGraph.edges.length}`);
  return seen;
}
