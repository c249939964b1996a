package plsqlcheck

import (
	"os"
	"strings"
	"testing"
)

// Every registered rule is documented: a row of the rule table in
// docs/verification.md and a "### ID:" section in docs/checker.md. A new rule
// without documentation fails here, so the ledger cannot silently lag.
func TestEveryRuleIsDocumented(t *testing.T) {
	ledger, err := os.ReadFile("../../docs/verification.md")
	if err != nil {
		t.Fatal(err)
	}
	manual, err := os.ReadFile("../../docs/checker.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules() {
		if !strings.Contains(string(ledger), "| "+r.ID+" |") {
			t.Errorf("rule %s has no row in docs/verification.md's rule table", r.ID)
		}
		if !strings.Contains(string(manual), "### "+r.ID+":") {
			t.Errorf("rule %s has no \"### %s:\" section in docs/checker.md", r.ID, r.ID)
		}
	}
}
