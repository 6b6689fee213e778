#!/usr/bin/env bash
# Builds one static documentation site from the package's six DocC catalogs with the toolchain's
# own `docc` (no package dependency, no swift-docc-plugin):
#
#   1. builds the documented library targets (in a scratch folder of their own, .build-docs),
#   2. extracts each module's symbol graphs (with extension blocks, so that a module's extensions
#      of another module's types are listed under "Extended Modules"),
#   3. converts each catalog into a documentation archive, passing the archives of the modules it
#      depends on as `--dependency` so that links such as ``/ObservableCore/Binder`` resolve,
#   4. merges the archives into one static-hosting site whose landing page links every module
#      and article, and whose stylesheet makes long declarations wrap.
#
# Output: .build-docs/site (git-ignored). Serve it with any static HTTP server, for example
#   python3 -m http.server --directory .build-docs/site 8000
# and open http://localhost:8000/documentation/ (a static DocC site does not work from file://).
#
# Fails (non-zero) if the build fails or if docc prints any warning or error.
#
# Environment:
#   DOCC                     the docc to use (default: the one next to `swift`)
#   DOCS_HOSTING_BASE_PATH   base path when the site is served below the server's root, for
#                            example "ObservableBridge" for https://example.github.io/ObservableBridge/
#   DOCS_OUTPUT              output folder (default: .build-docs/site)
#   DOCS_BUILD_PATH          the scratch path to build the modules in (default: .build-docs);
#                            CI passes .build, which its own build has just filled
#   NICE                     prefix for the heavy commands (default: "nice -n 19")
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
scratch=$root/.build-docs
output=${DOCS_OUTPUT:-$scratch/site}
build_path=${DOCS_BUILD_PATH:-$scratch}
nice_prefix=${NICE-nice -n 19}
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc=${DOCC:-$swift_bin/docc}
extract=$swift_bin/swift-symbolgraph-extract
hosting_base_path=${DOCS_HOSTING_BASE_PATH:-}

# Each documented module and the documented modules it links to (its dependencies), in an order
# where every module comes after its dependencies.
modules=(
  ObservableCore ObservableCocoa ObservableTesting ObservableBlocking AsyncBridge GitHubAsync
  GitHubReplay
)
declare -A dependencies=(
  [ObservableCore]=""
  [ObservableCocoa]="ObservableCore"
  [ObservableTesting]="ObservableCore"
  [ObservableBlocking]="ObservableCore"
  [AsyncBridge]="ObservableCore"
  [GitHubAsync]="ObservableCore AsyncBridge"
  [GitHubReplay]="ObservableCore"
)
# The targets to build: these five build all seven modules.
build_targets=(GitHubAsync ObservableCocoa ObservableTesting ObservableBlocking GitHubReplay)

log=$scratch/docs-build.log
mkdir -p "$scratch"
: >"$log"
start=$SECONDS
stage() { echo "== $1 (at $((SECONDS - start))s)"; }

stage "Building the documented targets (scratch path ${build_path#"$root"/})"
for target in "${build_targets[@]}"; do
  $nice_prefix swift build --scratch-path "$build_path" --target "$target" >>"$log" 2>&1 || {
    cat "$log"
    echo "error: swift build --target $target failed" >&2
    exit 1
  }
done
bin_path=$(swift build --scratch-path "$build_path" --show-bin-path)
triple=$(basename "$(dirname "$bin_path")")

stage "Extracting symbol graphs"
graphs=$scratch/symbol-graphs
rm -rf "$graphs"
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  $nice_prefix "$extract" -module-name "$module" -target "$triple" \
    -module-cache-path "$bin_path/ModuleCache" \
    -Xcc "-fmodule-map-file=$bin_path/ObservableCoreShims.build/module.modulemap" \
    -Xcc -I -Xcc "$root/Sources/ObservableCoreShims/include" \
    -I "$bin_path/Modules" \
    -minimum-access-level public -emit-extension-block-symbols \
    -output-dir "$graphs/$module" >>"$log" 2>&1 || {
    cat "$log"
    echo "error: swift-symbolgraph-extract failed for $module" >&2
    exit 1
  }
done

stage "Converting the catalogs"
archives=$scratch/archives
rm -rf "$archives"
mkdir -p "$archives"
hosting_options=()
if [[ -n $hosting_base_path ]]; then
  hosting_options=(--hosting-base-path "$hosting_base_path")
fi
convert() {
  local module=$1 dependency
  local dependency_options=()
  for dependency in ${dependencies[$module]}; do
    dependency_options+=(--dependency "$archives/$dependency.doccarchive")
  done
  $nice_prefix "$docc" convert "$root/Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --output-path "$archives/$module.doccarchive" \
    --enable-experimental-external-link-support \
    --transform-for-static-hosting "${hosting_options[@]}" \
    "${dependency_options[@]}" >"$scratch/convert-$module.log" 2>&1
}
# docc spends most of its time writing files, so the modules whose dependencies are converted
# are converted side by side.
converted=" "
remaining=${#modules[@]}
while ((remaining > 0)); do
  wave=()
  for module in "${modules[@]}"; do
    [[ $converted == *" $module "* ]] && continue
    ready=true
    for dependency in ${dependencies[$module]}; do
      [[ $converted == *" $dependency "* ]] || ready=false
    done
    if $ready; then wave+=("$module"); fi
  done
  if ((${#wave[@]} == 0)); then
    echo "error: the dependencies between documented modules form a cycle" >&2
    exit 1
  fi
  echo "-- ${wave[*]}"
  pids=()
  for module in "${wave[@]}"; do
    convert "$module" &
    pids+=($!)
  done
  failed=()
  for index in "${!wave[@]}"; do
    wait "${pids[$index]}" || failed+=("${wave[$index]}")
  done
  for module in "${wave[@]}"; do
    { echo "-- docc convert $module"; cat "$scratch/convert-$module.log"; } >>"$log"
    converted+="$module "
  done
  remaining=$((remaining - ${#wave[@]}))
  if ((${#failed[@]} > 0)); then
    cat "$log"
    echo "error: docc convert failed for ${failed[*]}" >&2
    exit 1
  fi
done

stage "Merging into one site"
rm -rf "$output" "$scratch/merged.doccarchive"
module_archives=()
for module in "${modules[@]}"; do
  module_archives+=("$archives/$module.doccarchive")
done
$nice_prefix "$docc" merge "${module_archives[@]}" \
  --synthesized-landing-page-name ObservableBridge \
  --synthesized-landing-page-kind Package \
  --synthesized-landing-page-topics-style list \
  --output-path "$scratch/merged.doccarchive" >>"$log" 2>&1 || {
  cat "$log"
  echo "error: docc merge failed" >&2
  exit 1
}

# docc merge synthesizes a landing page that lists the modules (a custom landing page catalog
# "isn't supported yet" in docc 6.x). Give it an abstract, the modules in reading order, and
# one section per module listing that module's articles, taken from the module's own page.
# An article's summary can link to a symbol (``Infallible``): the page must also carry the
# reference that link names, or the browser drops the link's text from the sentence. The step
# fails if any link on the landing page names a reference the page does not carry.
python3 - "$scratch/merged.doccarchive" "${modules[@]}" <<'EOF'
import json, sys

def linked(content):
    """The identifiers of the references that inline content links to, at any depth."""
    for item in content:
        if item.get("type") == "reference":
            yield item["identifier"]
        yield from linked(item.get("inlineContent", []))

archive, modules = sys.argv[1], sys.argv[2:]
landing_path = f"{archive}/data/documentation.json"
landing = json.load(open(landing_path))
module_ids = {m: f"doc://{m}/documentation/{m}" for m in modules}
listed = {i for section in landing["topicSections"] for i in section["identifiers"]}
missing = set(module_ids.values()) - listed
if missing:
    sys.exit(f"error: the synthesized landing page does not list {sorted(missing)}")

landing["abstract"] = [{
    "type": "text",
    "text": "RxSwift's API for Swift 6 and Swift concurrency: the Rx core, RxCocoa's "
    "platform-independent half, RxTest-style testing, the async/await bridge, and a GitHub "
    "client written both ways with its replay server.",
}]
sections = [{"title": "Modules", "identifiers": list(module_ids.values())}]
for module in modules:
    page = json.load(open(f"{archive}/data/documentation/{module.lower()}.json"))
    articles = []
    for section in page.get("topicSections", []):
        for identifier in section["identifiers"]:
            reference = page["references"][identifier]
            if reference.get("kind") == "article" and identifier not in articles:
                articles.append(identifier)
                landing["references"][identifier] = reference
                for link in linked(reference.get("abstract", [])):
                    if link in page["references"]:
                        landing["references"].setdefault(link, page["references"][link])
    if articles:
        sections.append({"title": f"{module} articles", "identifiers": articles})
landing["topicSections"] = sections
# What the page shows: its abstract, and the summary of each module and article it lists.
shown = [landing["abstract"]] + [
    landing["references"].get(identifier, {}).get("abstract", [])
    for section in sections
    for identifier in section["identifiers"]
]
unresolved = sorted({
    link
    for content in shown
    for link in linked(content)
    if not landing["references"].get(link, {}).get("title")
})
if unresolved:
    sys.exit(f"error: the landing page links to references it does not carry: {unresolved}")
json.dump(landing, open(landing_path, "w"))
print(f"Landing page: {len(modules)} modules, "
      f"{sum(len(s['identifiers']) for s in sections[1:])} articles")
EOF
# DocC shows a declaration on lines as long as the declaration's own, in a box that scrolls
# sideways: at 1280 px, flatMapLatest(_:)'s stops at "(Self.Element) thro". Make long
# declarations wrap instead, with a rule added to the stylesheet every page loads.
stylesheets=("$scratch/merged.doccarchive"/css/index.*.css)
if [[ ${#stylesheets[@]} -ne 1 || ! -f ${stylesheets[0]} ]]; then
  echo "error: expected one css/index.*.css in the merged archive, found: ${stylesheets[*]}" >&2
  exit 1
fi
cat >>"${stylesheets[0]}" <<'EOF'
/* Added by Scripts/build-docs.sh: long declarations wrap rather than scroll out of sight. */
.declaration pre.source,.declaration pre.source>code{white-space:pre-wrap;overflow-wrap:break-word}
EOF
mv "$scratch/merged.doccarchive" "$output"

warnings=$(grep -cE '(^|[^A-Za-z])(warning|error):' "$log" || true)
if [[ $warnings -ne 0 ]]; then
  grep -E -A6 '(^|[^A-Za-z])(warning|error):' "$log" >&2
  echo "error: docc printed $warnings warning(s) or error(s); full log: $log" >&2
  exit 1
fi
echo "Built the documentation site in $((SECONDS - start))s with 0 warnings: $output"
if [[ -z $hosting_base_path ]]; then
  echo "Serve it with: python3 -m http.server --directory ${output#"$root"/} 8000"
  echo "and open http://localhost:8000/documentation/"
else
  echo "Publish it at <server>/${hosting_base_path#/}/ and open <server>/${hosting_base_path#/}/documentation/"
fi
