// Checks the Kubernetes manifests of this folder against the schemas of
// the Kubernetes API (the JSON schema validators of the npm package
// kubernetes-models, generated from the API's OpenAPI definitions: field
// types, enums, required fields, formats), then the rules the sharded match
// depends on: an Indexed Job whose SHARDS equals its completions, and the
// volume the match and the report share. A broken manifest must be
// rejected too, or the check proves nothing.
//
// Node resolves the packages next to the script, so .ci/k8s-check copies
// it into the folder where it installs them, and gives it this folder:
//
//   node validate.mjs DEPLOY_K8S_DIR
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node validate.mjs DIR");
  process.exit(2);
}

// model loads the kubernetes-models class of a manifest's apiVersion and kind.
async function model(doc) {
  const [group, version] = doc.apiVersion.includes("/") ? doc.apiVersion.split("/") : [null, doc.apiVersion];
  const path = group ? `kubernetes-models/${group}/${version}/${doc.kind}` : `kubernetes-models/${version}/${doc.kind}`;
  const mod = await import(path);
  return mod[doc.kind];
}

// schemaErrors is the schema validator's complaint about a manifest, or "".
async function schemaErrors(doc) {
  try {
    const Model = await model(doc);
    new Model(doc).validate();
    return "";
  } catch (e) {
    return e.message;
  }
}

let failures = 0;
const fail = (where, msg) => {
  console.error(`${where}: ${msg}`);
  failures++;
};

const docs = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort()) {
  for (const d of parseAllDocuments(readFileSync(join(dir, file), "utf8"))) {
    if (d.errors.length > 0) {
      fail(file, d.errors.map((e) => e.message).join("; "));
      continue;
    }
    const doc = d.toJS();
    const where = `${file}: ${doc.kind} ${doc.metadata?.name}`;
    const err = await schemaErrors(doc);
    if (err) fail(where, err);
    docs.push({ where, doc });
  }
}

const jobs = docs.filter((d) => d.doc.kind === "Job");
const match = jobs.find((d) => d.doc.spec.completionMode === "Indexed");
const claims = new Set(docs.filter((d) => d.doc.kind === "PersistentVolumeClaim").map((d) => d.doc.metadata.name));
if (!match) {
  fail("deploy/k8s", "no Indexed Job (the shards)");
} else {
  const spec = match.doc.spec;
  const shards = spec.template.spec.containers[0].env?.find((e) => e.name === "SHARDS")?.value;
  if (String(spec.completions) !== shards) fail(match.where, `SHARDS ${shards} is not spec.completions ${spec.completions}`);
  const args = spec.template.spec.containers[0].args.join(" ");
  for (const word of ["JOB_COMPLETION_INDEX", "--shard", "--seed", "--pdn"]) {
    if (!args.includes(word)) fail(match.where, `the command line has no ${word}`);
  }
}
for (const { where, doc } of jobs) {
  const mounts = doc.spec.template.spec.containers.flatMap((c) => c.volumeMounts ?? []).map((m) => m.mountPath);
  const vols = doc.spec.template.spec.volumes ?? [];
  if (!mounts.includes("/results")) fail(where, "does not mount /results");
  for (const v of vols) {
    if (v.persistentVolumeClaim && !claims.has(v.persistentVolumeClaim.claimName)) fail(where, `claim ${v.persistentVolumeClaim.claimName} is not defined here`);
  }
}

// The validator must reject what the API would.
const broken = structuredClone(match.doc);
broken.spec.completions = "ten";
broken.spec.completionMode = "Indexd";
delete broken.spec.template.spec.containers;
const complaint = await schemaErrors(broken);
for (const want of ["completions", "completionMode", "containers"]) {
  if (!complaint.includes(want)) fail("self-test", `a broken Job is not rejected for its ${want}: ${complaint || "accepted"}`);
}

if (failures > 0) process.exit(1);
console.log(`deploy/k8s: ${docs.length} manifests valid (${docs.map((d) => d.doc.kind).join(", ")})`);
