// Type declarations of the npm package `heatwise`.

/** A status in Heat's words. */
export type StatusKind = "SUPPORTED" | "DEPRECATED" | "HIDDEN" | "UNSUPPORTED";

/**
 * Where a range is: 1-based `line` and `column` (columns in characters),
 * byte offsets `offset`/`end_offset` in the UTF-8 text, and UTF-16 offsets
 * `from`/`to` (what JavaScript strings and CodeMirror index by). Ends are
 * exclusive.
 */
export interface Location {
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  offset: number;
  end_offset: number;
  from: number;
  to: number;
}

/** One step of a life cycle; a life cycle lists them newest first. */
export interface LifecycleStep {
  status: StatusKind;
  /** The version as Heat writes it, e.g. "5.0.0". */
  version: string | null;
  /** That version's release name, e.g. "Liberty". */
  release_name: string | null;
  message: string | null;
}

/** What a finding is about, for {@link lookup}. */
export type Subject =
  | { kind: "resource_type"; type_name: string }
  | { kind: "property"; type_name: string; path: string }
  | { kind: "attribute"; type_name: string; name: string };

export interface Edit extends Location {
  /** The text that replaces the range. */
  content: string;
}

export interface Fix {
  title: string;
  /** "safe" fixes keep the meaning; "unsafe" ones change it (the title says how); "display-only" ones are advice with no edits to apply. */
  applicability: "safe" | "unsafe" | "display-only";
  edits: Edit[];
}

/** One finding: the fields of `heatwise lint --format json`, plus UTF-16 offsets. */
export interface Diagnostic extends Location {
  /** e.g. "HW202". */
  code: string;
  /** e.g. "hidden-property". */
  name: string;
  severity: "error" | "warning" | "info";
  /**
   * For an error, when Heat refuses: as the client gathers the files
   * ("client"), when Heat validates the stack ("validate"), or when it
   * creates it ("create"); null otherwise.
   */
  stage: "client" | "validate" | "create" | null;
  message: string;
  /** The status of the object the finding is about, when it is about one. */
  status: StatusKind | null;
  /** That object's life cycle, newest first (empty when not about one). */
  lifecycle: LifecycleStep[];
  subject: Subject | null;
  fix: Fix | null;
}

/** The options every function takes. */
export interface SourceOptions {
  /** The Heat release to check against, as a version or a name ("27.0.0", "Liberty", "2024.1"). Default: the newest the catalog knows. */
  target?: string;
  /**
   * An operator's catalog laid over the built-in one (its types replace the
   * built-in ones of the same name): JSON text in the heatwise catalog
   * format or as `openstack orchestration resource type show -f json`
   * prints it, or that JSON parsed. The last one given is kept ready, so
   * passing the same text again costs nothing.
   */
  catalog?: string | object;
}

export interface LintOptions extends SourceOptions {
  /**
   * The environment files the template is deployed with, in order, as
   * texts: a type their `resource_registry` maps onto another is checked
   * as that type, one mapped onto a template is not checked. At most
   * limits().maxEnvironments.
   */
  environments?: string[];
}

export interface FixOptions extends LintOptions {
  /** Also apply fixes that change the meaning (their titles say how). Default false. */
  unsafe?: boolean;
  /** Only fixes of findings with these codes or names, e.g. ["HW202"]. At most limits().maxCodes entries. */
  codes?: string[];
}

export interface AppliedFix {
  code: string;
  name: string;
  title: string;
}

export interface SkippedFix extends AppliedFix {
  /** Why it was left out (it would have broken the text). */
  reason: string;
}

export interface FixResult {
  /** The migrated text. */
  text: string;
  /** The fixes applied, in order. */
  applied: AppliedFix[];
  skipped: SkippedFix[];
  /** The findings of the migrated text. */
  remaining: Diagnostic[];
  /** False when fixes were still left after the most rounds allowed. */
  converged: boolean;
  /** Why nothing was tried (the text does not parse), or null. */
  refused: string | null;
}

/** A status with the one before it. */
export interface Status {
  status: StatusKind;
  version: string | null;
  release_name: string | null;
  message: string | null;
  /** The class Heat names as the replacement, if any. */
  substitute_class: string | null;
  /** The resource types that replace this one, if any. */
  substitute_types: string[];
  /** The resource type names the message mentions. */
  mentions: string[];
  previous_status: Status | null;
}

/** The state at the target release. */
export interface StatusAtTarget {
  release: string;
  state: "in_force" | "unrecorded" | "not_yet_available" | "removed";
  status: StatusKind | null;
  /** For not_yet_available: the first release that has it. */
  first: string | null;
  /** For removed: the last release that had it. */
  last: string | null;
}

export interface WithLifecycle extends Status {
  /** The whole chain, newest first. */
  lifecycle: LifecycleStep[];
  /** The life cycle in words, e.g. "HIDDEN since 5.0.0 (Liberty), deprecated since 2014.2 (Juno): Use property network." */
  summary: string;
  at?: StatusAtTarget;
  /** The release ranges that register it, each [first, last]; null when the catalog does not record them. */
  available: [string, string][] | null;
}

/** A translation rule as Heat declares it: how it migrates a property. */
export interface TranslationRule {
  /** "Add", "Replace", "Delete" or "Resolve". */
  rule: string;
  /** The property it applies to, one entry per level. */
  path: string[];
  value: unknown;
  value_name: string | null;
  value_path: string[] | null;
  custom_value_path: string[] | null;
  client_plugin: string | null;
  finder: string | null;
  /** The kind of entity resolved: a name, or the property that names it. */
  entity: string | { $prop: string } | null;
  conditional: boolean;
}

export interface PropertyInfo extends WithLifecycle {
  path: string;
  value_type: string;
  required: boolean;
  update_allowed: boolean;
  immutable: boolean;
  default: unknown;
  description: string | null;
  /** Heat's constraints, as its schema writes them. */
  constraints: unknown[];
  /** The nested properties of a map or list, or null. */
  schema: Record<string, PropertyInfo> | null;
  /** The translation rules about this property. */
  translation_rules: TranslationRule[];
}

export interface AttributeInfo extends WithLifecycle {
  kind: "attribute";
  type: string;
  name: string;
  value_type: string | null;
  description: string | null;
  resolved_through: Alias | null;
}

export interface Alias {
  name: string;
  target: string;
  kind: string;
}

export interface ResourceTypeInfo extends WithLifecycle {
  kind: "resource_type";
  type: string;
  description: string | null;
  /** Heat accepts the type and ignores its properties. */
  placeholder: boolean;
  /** The release since which it is a placeholder, when recorded. */
  placeholder_since: string | null;
  /** get_attr also accepts names not listed in `attributes`. */
  dynamic_attributes: boolean;
  properties: Record<string, PropertyInfo>;
  attributes: Record<string, Omit<AttributeInfo, "resolved_through">>;
  translation_rules: TranslationRule[];
  /** The alias the name was resolved through, when it was not the type's own name. */
  resolved_through: Alias | null;
}

export interface TopPropertyInfo extends PropertyInfo {
  kind: "property";
  type: string;
  resolved_through: Alias | null;
}

/** A type name that the catalog maps onto a template file. */
export interface TemplateAliasInfo {
  kind: "template";
  type: string;
  template: string;
}

export interface LookupOptions extends SourceOptions {
  /** The path is an attribute's name rather than a property path. */
  attribute?: boolean;
}

export interface CatalogOptions extends SourceOptions {
  /** Include HIDDEN types. Default false, as in Heat's own listing. */
  hidden?: boolean;
}

export interface CatalogEntry {
  type: string;
  /** The status at the target release; "UNKNOWN" where the catalog has no record that far back. */
  status: StatusKind | "UNKNOWN";
  version: string | null;
  release_name: string | null;
  message: string | null;
  placeholder: boolean;
}

export interface Limits {
  /** The largest template, in UTF-8 bytes. */
  maxTextBytes: number;
  /** The largest operator catalog, in UTF-8 bytes. */
  maxCatalogBytes: number;
  /** The most entries in fix's `codes`. */
  maxCodes: number;
  /** The longest type name, property path or attribute name lookup takes, in bytes. */
  maxNameBytes: number;
  /** The longest `target`. */
  maxReleaseChars: number;
  /** The most findings lint reports; the rest are counted in one last finding. */
  maxDiagnostics: number;
  /** Most `parameters` `toOrc` takes. */
  maxOrcParameters: number;
  /** Most `environments` `lint` and `fix` take. */
  maxEnvironments: number;
  /** Most `environments` `toOrc` takes. */
  maxOrcEnvironments: number;
  /** Most `files` `toOrc` takes. */
  maxOrcFiles: number;
  /** Most findings one `toOrc` reports. */
  maxOrcFindings: number;
}

/**
 * Loads the WebAssembly module. Needed once in browsers and bundlers
 * before any other call; Node loads it on import.
 * @param wasm where the .wasm file is, or its bytes. Default: next to the package's JavaScript.
 */
export function init(
  wasm?: URL | string | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;

/** Loads the WebAssembly module synchronously from its bytes. */
export function initSync(bytes: BufferSource | WebAssembly.Module): void;

/** Whether the WebAssembly module is loaded. */
export function isReady(): boolean;

/** The input limits; larger inputs are refused with an Error naming the limit. */
export function limits(): Limits;

/**
 * Lints a Heat template (HOT or CloudFormation, YAML or JSON) or
 * environment. A template that does not parse is not an error: the syntax
 * error is a finding.
 * @example
 * const findings = lint(text, { target: "2024.1" });
 * for (const f of findings) console.log(`${f.line}:${f.column} ${f.code} ${f.message}`);
 */
export function lint(text: string, options?: LintOptions): Diagnostic[];

/**
 * Migrates a template with Heat's own translation rules, keeping comments
 * and layout.
 * @example
 * const { text: migrated, applied } = fix(text);
 */
export function fix(text: string, options?: FixOptions): FixResult;

/**
 * A resource type, property or attribute with its status and life cycle,
 * or null when the catalog does not have it.
 * @example
 * lookup("OS::Neutron::Port", "network_id").summary;
 * // "HIDDEN since 5.0.0 (Liberty), deprecated since 2014.2 (Juno): Use property network."
 */
export function lookup(typeName: string): ResourceTypeInfo | TemplateAliasInfo | null;
export function lookup(
  typeName: string,
  path: string,
  options: LookupOptions & { attribute: true },
): AttributeInfo | null;
export function lookup(
  typeName: string,
  path?: string | null,
  options?: LookupOptions,
): ResourceTypeInfo | TemplateAliasInfo | TopPropertyInfo | AttributeInfo | null;

/**
 * The resource types registered at the target release, with their status.
 * @example
 * catalog({ target: "Liberty" }).filter((t) => t.status === "DEPRECATED");
 */
export function catalog(options?: CatalogOptions): CatalogEntry[];

/** Options of {@link toOrc}. */
export interface OrcOptions {
  /** The Kubernetes namespace of every object (a DNS-1123 label). */
  namespace: string;
  /** Every object's `spec.cloudCredentialsRef`. */
  credentials: { secretName: string; cloudName: string };
  /** Parameter values, stronger than the environments'. */
  parameters?: Record<string, string>;
  /** Environment files' texts; their `parameters`, `parameter_defaults` and `resource_registry`. */
  environments?: string[];
  /**
   * The stack's other files by their paths relative to the template (the
   * environments are beside it): its nested templates, each expanded into
   * objects named `<resource>-<nested resource>`.
   */
  files?: Record<string, string>;
  /**
   * A hand-over of the running stack: the JSON text of `openstack stack
   * resource list --nested-depth 5 --long -f json`. Every resource Heat
   * made and ORC can import becomes an unmanaged object importing its ID;
   * nothing is created, and what cannot be imported is an ORC011 finding.
   */
  stackResources?: string;
}

/** Something the export could not carry over, where it is written. */
export interface OrcFinding {
  /** `ORC001`... */
  code: string;
  /** `no-orc-kind`... */
  name: string;
  severity: "error" | "warning";
  message: string;
  /** The template, the n-th environment, or a nested template by its path in `files`. */
  file: "template" | { environment: number } | { path: string };
  /** 1-based line and column (in characters); ends exclusive. */
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  /** Byte offsets into the UTF-8 text. */
  offset: number;
  end_offset: number;
  /** UTF-16 offsets: what JavaScript strings and editors index by. */
  from: number;
  to: number;
}

/** One manifest. */
export interface OrcObject {
  kind: string;
  name: string;
  /** The resource it was made from; null for an imported pre-existing resource. */
  resource: string | null;
  manifest: Record<string, unknown>;
}

export interface OrcExport {
  /** The manifests as YAML documents separated by `---`. */
  yaml: string;
  objects: OrcObject[];
  findings: OrcFinding[];
  /** Whether the whole stack was exported. */
  complete: boolean;
  /** The order ORC builds the objects in: waves built in parallel. */
  plan: { waves: string[][]; cycles: string[][] };
  /** Heat's own dependency graph of the template. */
  heatGraph: {
    edges: { resource: string; dependsOn: { resource: string; via: "get_resource" | "get_attr" | "depends_on" }[] }[];
    waves: string[][];
    cycles: string[][];
  };
  /** The plan and Heat's graph as text. */
  planText: string;
}

/**
 * Exports a Heat stack as manifests of the OpenStack Resource Controller
 * (ORC v2.6.0), each checked against ORC's CRDs.
 *
 * @example
 * const { yaml, findings } = toOrc(text, {
 *   namespace: "apps",
 *   credentials: { secretName: "openstack-clouds", cloudName: "openstack" },
 * });
 */
export function toOrc(text: string, options: OrcOptions): OrcExport;
