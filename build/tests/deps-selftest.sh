#!/bin/sh
# deps-selftest: build/harness/deps.sh asks for the packages of the tiers a
# goal needs and no more, and names a package apt cannot install with
# apt's reason and the targets that still work.  dpkg-query, apt-get and
# id are stand-ins on PATH (nothing is installed): INSTALLED lists the
# packages "installed", UNKNOWN the one apt "cannot find".  Then each
# copy of deps.sh broken in one way must fail a case.
set -eu
. build/tests/caselib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
cat >"$tmp/bin/dpkg-query" <<'EOF'
#!/bin/sh
shift 2
for p; do
	case " $INSTALLED " in *" $p "*) echo "$p install ok installed" ;; esac
done
EOF
cat >"$tmp/bin/apt-get" <<'EOF'
#!/bin/sh
[ "$1" = update ] && exit 0
for p; do
	[ "$p" != "$UNKNOWN" ] || { echo "E: Unable to locate package $p"; exit 100; }
done
for p; do case $p in -*) ;; *) INSTALLED="$INSTALLED $p" ;; esac; done
echo "$INSTALLED" >"$STATE"
EOF
cat >"$tmp/bin/id" <<EOF
#!/bin/sh
echo "\${AS_UID:-1000}"
EOF
chmod +x "$tmp/bin/"*
list=build/harness/apt-packages
every=$(awk '/^tier /{next} /^[[:space:]]*(#|$)/{next} {print $1}' "$list" | tr '\n' ' ')
models=$(awk '/^tier /{t=$2; next} /^[[:space:]]*(#|$)/{next} t=="models:"{print $1}' "$list" | tr '\n' ' ')
bad=0
judge_all() { # the cases, on the deps.sh named $1
	d=$1
	judge installed pass 'nothing to install' - sh -c "env INSTALLED='$every' \
		PATH='$tmp/bin:$PATH' '$d' --goals verify && echo 'nothing to install'"
	# Only the models tier for verify, chapter-02 (chapter 2), exercise-1.
	for g in verify chapter-02 exercise-1; do
		judge "tier-$g" fail "install them with: sudo apt-get install -y spin pandoc" - \
			env INSTALLED="gcc make python3 patch" PATH="$tmp/bin:$PATH" "$d" --goals "$g"
		if env INSTALLED="gcc make python3 patch" PATH="$tmp/bin:$PATH" "$d" --goals "$g" 2>&1 |
			grep -q chromium; then
			say_wrong "only-$g" "make $g asks for chromium, which only the browser test needs"
		else
			say_ok "only-$g" "make $g asks for the models tier alone"
		fi
	done
	# chapter 13 needs rumur too; make check every tier.
	judge tier-chapter-13 fail "(tiers models rumur); install them with: sudo apt-get install -y rumur" - \
		env INSTALLED="$models" PATH="$tmp/bin:$PATH" "$d" --goals chapter-13
	judge tier-check fail "sudo apt-get install -y gnuplot-nox" - \
		env INSTALLED="$models" PATH="$tmp/bin:$PATH" "$d" --goals check
	# As root, apt cannot find graphviz: one line, apt's reason, what works.
	judge unknown fail "deps: cannot install graphviz (tier book): E: Unable to locate package graphviz; still working: make chapter-* exercise-* exercises verify" - \
		env INSTALLED="$models" UNKNOWN=graphviz AS_UID=0 STATE="$tmp/state" PATH="$tmp/bin:$PATH" "$d" --goals automaton
}
judge_all build/harness/deps.sh
# Broken copies: every goal asks for every tier; the packages apt cannot
# install are not named one by one.
mutant() {
	cp build/harness/deps.sh "$tmp/deps-$1.sh"
	sed -i -e "$2" "$tmp/deps-$1.sh"
	if cmp -s build/harness/deps.sh "$tmp/deps-$1.sh"; then
		say_wrong "mutant $1" "changed nothing in deps.sh; its sed script no longer matches"
	fi
}
# The break is caught when the case above that guards it would fail.
# shellcheck disable=SC2016 # the sed script names the shell's own variables
mutant all-tiers 's/^\techo "${found:-$tiers}"$/\techo "$tiers"/'
if env INSTALLED="gcc make python3 patch" PATH="$tmp/bin:$PATH" "$tmp/deps-all-tiers.sh" \
	--goals verify 2>&1 | grep -q chromium; then
	say_ok mutant-all-tiers "a deps.sh that asks every goal for every tier asks make verify for chromium: only-verify fails"
else
	say_wrong mutant-all-tiers "the broken deps.sh does not ask make verify for chromium: only-verify cannot see the break"
fi
mutant silent 's/^while read -r p why; do$/while false; do/'
if env INSTALLED="$models" UNKNOWN=graphviz AS_UID=0 STATE="$tmp/state" PATH="$tmp/bin:$PATH" \
	"$tmp/deps-silent.sh" --goals automaton 2>&1 | grep -q "cannot install graphviz"; then
	say_wrong mutant-silent "the broken deps.sh still names graphviz: the unknown case cannot see the break"
else
	say_ok mutant-silent "a deps.sh without the per-package line does not name graphviz: the unknown case fails"
fi
[ "$bad" -eq 0 ] && echo "deps-selftest: deps.sh asks each goal for its tiers and names what apt cannot install; 2 broken copies caught"
exit "$bad"
