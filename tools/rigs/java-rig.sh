# Shared steps of the Java test rigs (tools/ensure-elasticsearch.sh, tools/ensure-neo4j.sh), sourced
# by them: a JDK 17 and Maven (installed from Debian when missing), the rig's jars resolved once
# from Maven Central into the cache, our launcher compiled when its sources change, and the wait
# for its ready line.

# Sets JAVA_BIN and JAVAC_BIN, preferring the machine's Java 17. $1: the store's name, for messages.
rig_java() {
  JAVA_BIN=java
  for home in /usr/lib/jvm/java-17-openjdk-*; do
    [[ -x "$home/bin/javac" ]] && JAVA_BIN="$home/bin/java" && break
  done
  if ! command -v javac >/dev/null && [[ "$JAVA_BIN" == java ]]; then
    echo "$1: no JDK found, installing OpenJDK 17"
    apt-get update -qq && apt-get install -y -qq openjdk-17-jdk-headless
  fi
  JAVAC_BIN="$(dirname "$(command -v "$JAVA_BIN")")/javac"
  if ! command -v mvn >/dev/null; then
    echo "$1: mvn not found, installing Maven"
    apt-get update -qq && apt-get install -y -qq maven
  fi
}

# Resolves the jars of $2/pom.xml into $3 (once) and compiles $2/*.java into $4 when a source is
# newer than $4/$5.class. $1: the store's name and version, for messages.
rig_build() {
  local name=$1 rig=$2 lib=$3 classes=$4 main=$5
  if [[ ! -f "$lib/.complete" ]]; then
    echo "$name: resolving from Maven"
    rm -rf "$lib"
    mvn -q -B -Dstyle.color=never -f "$rig/pom.xml" dependency:copy-dependencies -DoutputDirectory="$lib"
    touch "$lib/.complete"
  fi
  local mark="$classes/$main.class"
  if [[ ! -f "$mark" ]] || [[ -n "$(find "$rig" -name '*.java' -newer "$mark")" ]]; then
    rm -rf "$classes"
    mkdir -p "$classes"
    "$JAVAC_BIN" --release 17 -d "$classes" -cp "$lib/*" "$rig"/*.java
  fi
}

# Waits for the line starting with $4 in log $3 of process $2, up to 5 minutes (a cold start takes
# seconds on an idle machine, far longer on a loaded one); exits 0 when it comes, 1 otherwise.
rig_wait() {
  local name=$1 pid=$2 log=$3 ready=$4 data=$5
  for _ in $(seq 1 600); do
    if grep -q "^$ready" "$log"; then
      echo "$name: $(grep "^$ready" "$log") (pid $pid, data $data)"
      exit 0
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "$name did not start; see $log"
  tail -n 20 "$log" || true
  exit 1
}
