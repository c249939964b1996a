package oramigrate

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

// FacadeSpec is the file of the public package's spec, which holds
// co_version, the release of the packages.
var FacadeSpec = path.Join(sqlfiles.PackagesDir, "DBMS_AGENT_MEMORY_STORE.pks")

// PackageVersion returns the value of co_version declared in the facade
// spec of fsys (`co_version constant varchar2(16) := '0.1.0';`). With
// sqlfiles.FS it is the release of the packages this binary installs, which
// `select dbms_agent_memory_store.version from dual` returns once installed.
func PackageVersion(fsys fs.FS) (string, error) {
	src, err := fs.ReadFile(fsys, FacadeSpec)
	if err != nil {
		return "", fmt.Errorf("oramigrate: %w", err)
	}
	toks, err := plsql.Lex(string(src))
	if err != nil {
		return "", fmt.Errorf("oramigrate: %s: %w", FacadeSpec, err)
	}
	var sig []plsql.Token
	for _, t := range toks {
		if t.Kind != plsql.Comment && t.Kind != plsql.Newline {
			sig = append(sig, t)
		}
	}
	for i := 0; i+1 < len(sig); i++ {
		if !sig[i].Is("CO_VERSION") || !sig[i+1].Is("CONSTANT") {
			continue
		}
		for j := i + 2; j < len(sig) && !sig[j].Is(";"); j++ {
			if sig[j].Is(":=") && j+1 < len(sig) && sig[j+1].Kind == plsql.String &&
				strings.HasPrefix(sig[j+1].Text, "'") {
				return strings.ReplaceAll(strings.Trim(sig[j+1].Text, "'"), "''", "'"), nil
			}
		}
		break
	}
	return "", fmt.Errorf("oramigrate: %s declares no `co_version constant varchar2(..) := '<release>';`", FacadeSpec)
}
