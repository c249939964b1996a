package transfer

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

func jsonNumber(s string) json.Number { return json.Number(s) }

// FuzzReader: any input either reads to io.EOF or fails with a *LineError
// naming a line that exists, and a line that decodes converts without
// panicking.
func FuzzReader(f *testing.F) {
	golden, err := os.ReadFile("testdata/store.jsonl")
	if err == nil {
		f.Add(string(golden))
	}
	f.Add(header + "\n" + `{"kind":"end","counts":{}}`)
	f.Add(header + "\n" + `{"kind":"message","id":"m","content":[{"type":"image","bytes":"AA=="}],"status":"VALID"}`)
	f.Add("")
	f.Fuzz(func(t *testing.T, file string) {
		lines := int64(strings.Count(file, "\n") + 1)
		r, err := NewReader(strings.NewReader(file))
		for err == nil {
			var l *Line
			if l, err = r.Next(); err == nil {
				if l.Record != nil {
					_, _ = l.Record.Input() // shape errors are fine; panics are not
				} else {
					_, _ = l.Relation.Input()
				}
			}
		}
		if err == io.EOF {
			return
		}
		var le *LineError
		if !errors.As(err, &le) {
			t.Fatalf("not a LineError: %v", err)
		}
		if le.Line < 1 || le.Line > lines+1 {
			t.Fatalf("line %d of a %d-line input", le.Line, lines)
		}
	})
}
