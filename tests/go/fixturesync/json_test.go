package fixturesync

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/plsql"
)

func TestRenderKeepsOrderDigitsAndASCII(t *testing.T) {
	v, err := ParseJSON(`{"z": 1.50, "a": ["é", "😀", "\u0001", "tab\there"], "n": 12345678901234567890.5}`)
	require.NoError(t, err)
	assert.Equal(t, `{"z":1.50,"a":["\u00e9","\ud83d\ude00","\u0001","tab\there"],"n":12345678901234567890.5}`, v.Render(compactJSON))
	assert.Equal(t, `{"z": 1.50, "a": ["\u00e9", "\ud83d\ude00", "\u0001", "tab\there"], "n": 12345678901234567890.5}`,
		v.Render(spacedJSON))
	back, err := ParseJSON(v.Render(spacedJSON))
	require.NoError(t, err)
	assert.Equal(t, v, back, "the rendered text parses to the same value")
}

func TestParseJSONRejects(t *testing.T) {
	for _, text := range []string{`{"a": 1, "a": 2}`, `{"a": 1} x`, `[1,]`, ``} {
		_, err := ParseJSON(text)
		assert.Error(t, err, text)
	}
}

func TestCompareIgnoresOrderAndNumberSpelling(t *testing.T) {
	a, _ := ParseJSON(`{"a": 3, "b": [1e2, "x"]}`)
	b, _ := ParseJSON(`{"b": [100.0, "x"], "a": 3.0}`)
	c, _ := ParseJSON(`{"b": [100, "y"], "c": null}`)
	d := &differ{used: map[string]bool{}}
	d.compare("$", a, b)
	assert.Empty(t, d.diffs)
	d.compare("$", a, c)
	assert.Equal(t, []string{`$.b[1]: the suite has "x", the fixture "y"`, "$.c: in the fixture, missing in the suite",
		"$.a: in the suite, not in the fixture"}, d.diffs)
}

func TestQuotedPiecesReadBack(t *testing.T) {
	text := strings.Repeat("ab~'c", 700) + "^" // 3501 characters: two pieces, "~'" inside
	lit, err := renderArg(Arg{Kind: argText, Text: text}, false)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(lit, "\n        || "), "cut at %d characters", maxPiece)
	src, err := newSource("x.pkb", "begin p(p_x => "+lit+"); end;")
	require.NoError(t, err)
	calls, errs := src.calls("p", []string{"p_x"})
	require.Empty(t, errs)
	require.Len(t, calls, 1)
	assert.Equal(t, text, calls[0].Args["p_x"].Text, "the lexer reads back what was written")
	assert.True(t, strings.HasPrefix(lit, "q'^"), "~ is in the text before a quote: the next delimiter")
	assert.Contains(t, lit, "|| q'#", "the last piece ends with ^: the one after")

	toks, err := plsql.Lex(`q'[a]b]' N'it''s' q'€x€'`)
	require.NoError(t, err)
	assert.Equal(t, []string{"a]b", "it's", "x"}, []string{literalValue(toks[0]), literalValue(toks[1]), literalValue(toks[2])})
}
