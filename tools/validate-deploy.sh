#!/usr/bin/env bash
# Static validation of the deployment files (nothing is built or started; no Docker engine needed):
#   - docker-compose.yml parses and interpolates (docker-compose config -q), and refuses to
#     render without ADMIN_API_KEY;
#   - the kustomize base and the dev and prod overlays render (kubectl kustomize);
#   - deploy/Dockerfile's exec-form ENTRYPOINT/HEALTHCHECK arrays are valid JSON.
# Installs the Debian packages docker-compose and kubernetes-client when the commands are missing.
# Override the tools with DOCKER_COMPOSE=... or KUBECTL=... (e.g. to try another kubectl).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

need_packages=()
command -v "${DOCKER_COMPOSE:-docker-compose}" >/dev/null 2>&1 || need_packages+=(docker-compose)
command -v "${KUBECTL:-kubectl}" >/dev/null 2>&1 || need_packages+=(kubernetes-client)
if ((${#need_packages[@]})); then
  echo "Installing Debian packages: ${need_packages[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || {
      echo "error: need root (or sudo) to apt-get install ${need_packages[*]}" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  # --no-install-recommends: docker-compose would otherwise pull in the docker.io engine.
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
fi
compose="${DOCKER_COMPOSE:-docker-compose}"
kubectl="${KUBECTL:-kubectl}"

validated=()

# --- docker-compose.yml -------------------------------------------------------------------
ADMIN_API_KEY=validate-deploy-dummy-key "$compose" -f docker-compose.yml config -q
services=$(ADMIN_API_KEY=validate-deploy-dummy-key "$compose" -f docker-compose.yml config --services | sort | paste -sd ' ')
validated+=("docker-compose.yml ($("$compose" version --short 2>/dev/null || echo '?')): ${services}")

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
kubectl_version=$("$kubectl" version --client 2>/dev/null | grep -o -m1 'v[0-9][0-9.]*' | head -n1 || true)
kustomize_version=$("$kubectl" version --client 2>/dev/null | sed -n 's/^Kustomize Version: //p')
# kubectl 1.20 does not print it; it embeds kustomize v2.0.3.
kustomize_version=${kustomize_version:-v2.0.3 (embedded in kubectl ${kubectl_version:-?})}
for dir in deploy/k8s/base deploy/k8s/overlays/dev deploy/k8s/overlays/prod; do
  rendered=$(mktemp)
  errors=$(mktemp)
  if ! "$kubectl" kustomize "$dir" >"$rendered" 2>"$errors"; then
    cat "$errors" >&2
    rm -f "$rendered" "$errors"
    echo "error: kubectl kustomize $dir failed" >&2
    exit 1
  fi
  # The overlays use `bases`/`patchesStrategicMerge` on purpose (kubectl 1.20 knows nothing
  # newer); kustomize 5 calls them deprecated. Any other message is shown.
  grep -v -E "^# Warning: '(bases|patchesStrategicMerge)' is deprecated" "$errors" >&2 || true
  kinds=$(grep -E '^kind: ' "$rendered" | sed 's/^kind: //' | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')
  validated+=("$dir: ${kinds%, }")
  rm -f "$rendered" "$errors"
done
validated+=("(kubectl ${kubectl_version:-?}, kustomize ${kustomize_version})")

# --- Dockerfile ---------------------------------------------------------------------------
node -e '
  const text = require("fs").readFileSync("deploy/Dockerfile", "utf8").replace(/\\\n/g, " ");
  const forms = [...text.matchAll(/^(?:ENTRYPOINT|CMD|HEALTHCHECK\b.*?\bCMD)\s+(\[.*\])\s*$/gm)];
  if (forms.length < 2) throw new Error("deploy/Dockerfile: expected exec-form ENTRYPOINT and HEALTHCHECK");
  for (const [, json] of forms) JSON.parse(json);
'
validated+=("deploy/Dockerfile: exec-form ENTRYPOINT and HEALTHCHECK are valid JSON (the image itself is not built here: no Docker engine)")

echo "validate-deploy: OK"
for line in "${validated[@]}"; do echo "  - $line"; done
