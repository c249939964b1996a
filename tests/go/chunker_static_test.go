package integration

// This file needs no database: it keeps the record and query chunker off
// DBMS_VECTOR_CHAIN (issue 9, item 5). DBMS_VECTOR_CHAIN is documented as
// requiring Oracle Text (vecse/dbms_vector_chain-vecse.html, note), while
// VECTOR stores are offered to databases without it; DBMS_VECTOR.UTL_TO_CHUNKS
// takes the same parameters and returns the same chunks without that need.
// DBMS_VECTOR_CHAIN stays allowed where Oracle Text is required anyway (the
// HYBRID vectorizer preference).

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

var chainChunker = regexp.MustCompile(`(?i)dbms_vector_chain\s*\.\s*utl_to_chunks`)

func TestChunkerNeedsNoOracleText(t *testing.T) {
	files, err := fs.Glob(sqlfiles.FS, sqlfiles.PackagesDir+"/*.pk?")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := fs.ReadFile(sqlfiles.FS, f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "--") {
				continue // comments may name the twin to explain the choice
			}
			assert.False(t, chainChunker.MatchString(line),
				"%s:%d calls DBMS_VECTOR_CHAIN.UTL_TO_CHUNKS, which needs Oracle Text; use DBMS_VECTOR.UTL_TO_CHUNKS", f, i+1)
		}
	}
}
