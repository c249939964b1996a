package transfer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest line a Reader accepts (a message with its image
// parts as base64 can be large).
const MaxLine = 64 << 20

// Writer writes a file: the header on creation, data lines in kind order,
// and the end line on Close. It refuses a line out of order, so that every
// file it writes can be read back.
type Writer struct {
	w      *bufio.Writer
	counts map[Kind]int64
	last   int
	err    error
}

// NewWriter writes the header line to w.
func NewWriter(w io.Writer) (*Writer, error) {
	tw := &Writer{w: bufio.NewWriter(w), counts: map[Kind]int64{}}
	tw.put(NewHeader())
	return tw, tw.err
}

// WriteRecord writes a record line.
func (w *Writer) WriteRecord(r *Record) error { return w.data(r.Kind, r) }

// WriteRelation writes a relation line.
func (w *Writer) WriteRelation(r *Relation) error {
	r.Kind = KindRelation
	return w.data(KindRelation, r)
}

func (w *Writer) data(k Kind, v any) error {
	if w.err != nil {
		return w.err
	}
	n := rank(k)
	switch {
	case n < 0 || k == KindRelation && v == nil:
		return fmt.Errorf("transfer: no data kind %q", k)
	case n < w.last:
		return fmt.Errorf("transfer: a %s line after %s lines breaks the kind order", k, DataKinds[w.last])
	}
	w.last = n
	w.counts[k]++
	w.put(v)
	return w.err
}

// Close writes the end line and flushes; it does not close the underlying
// writer.
func (w *Writer) Close() error {
	w.put(End{Kind: KindEnd, Counts: w.counts})
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

// Counts returns the number of data lines written per kind.
func (w *Writer) Counts() map[Kind]int64 { return w.counts }

// put writes v as one compact line, without escaping <, > and &.
func (w *Writer) put(v any) {
	if w.err != nil {
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if w.err = enc.Encode(v); w.err == nil { // Encode ends the line with \n
		_, w.err = w.w.Write(b.Bytes())
	}
}

// Reader reads a file line by line: Next returns the data lines and
// io.EOF after a valid end line. Every error is a *LineError naming the
// line, or the underlying reader's error.
type Reader struct {
	s      *bufio.Scanner
	no     int64
	last   int
	counts map[Kind]int64
	ended  bool
}

// NewReader reads and checks the header line of r.
func NewReader(r io.Reader) (*Reader, error) {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), MaxLine)
	tr := &Reader{s: s, counts: map[Kind]int64{}}
	raw, err := tr.scan()
	if err == io.EOF {
		return nil, &LineError{Line: 1, Msg: "the file is empty: expected the header line"}
	}
	if err != nil {
		return nil, err
	}
	var h Header
	if err := strict(raw, &h); err != nil {
		return nil, tr.fail("expected the header line: %v", err)
	}
	switch {
	case h.Kind != KindHeader:
		return nil, tr.fail(`expected the header line {"kind": "header", ...}, got kind %q`, h.Kind)
	case h.Format != FormatName:
		return nil, tr.fail("format %q is not %q", h.Format, FormatName)
	case h.Version < 1 || h.Version > Version:
		return nil, tr.fail("format version %d is not supported: this agentmem reads version %d", h.Version, Version)
	case h.Vectors:
		return nil, tr.fail("the file carries vectors, which this agentmem cannot import")
	}
	return tr, nil
}

// Line returns the number of the last line read.
func (r *Reader) Line() int64 { return r.no }

// Next returns the next data line, or io.EOF after the end line.
func (r *Reader) Next() (*Line, error) {
	if r.ended {
		return nil, io.EOF
	}
	raw, err := r.scan()
	if err == io.EOF {
		return nil, &LineError{Line: r.no + 1, Msg: `the file ends without its end line {"kind": "end", ...}: it is truncated`}
	}
	if err != nil {
		return nil, err
	}
	var probe struct {
		Kind Kind `json:"kind"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, r.fail("not a JSON object: %v", err)
	}
	if probe.Kind == KindEnd {
		return nil, r.end(raw)
	}
	n := rank(probe.Kind)
	switch {
	case probe.Kind == KindHeader:
		return nil, r.fail("a second header line")
	case n < 0:
		return nil, r.fail("unknown kind %q (kinds: header, %v, end)", probe.Kind, DataKinds)
	case n < r.last:
		return nil, r.fail("a %s line after %s lines: the file must list kinds in the order %v", probe.Kind, DataKinds[r.last], DataKinds)
	}
	r.last = n
	l := &Line{No: r.no, Kind: probe.Kind}
	if probe.Kind == KindRelation {
		l.Relation = new(Relation)
		err = strict(raw, l.Relation)
	} else {
		l.Record = new(Record)
		err = strict(raw, l.Record)
	}
	if err != nil {
		return nil, r.fail("%s line: %v", probe.Kind, err)
	}
	r.counts[probe.Kind]++
	return l, nil
}

// end checks the end line against the lines read and that nothing follows.
func (r *Reader) end(raw []byte) error {
	var e End
	if err := strict(raw, &e); err != nil {
		return r.fail("end line: %v", err)
	}
	for _, k := range DataKinds {
		if e.Counts[k] != r.counts[k] {
			return r.fail("the end line counts %d %s lines, the file has %d", e.Counts[k], k, r.counts[k])
		}
	}
	for k := range e.Counts {
		if rank(k) < 0 {
			return r.fail("the end line counts unknown kind %q", k)
		}
	}
	if _, err := r.scan(); err != io.EOF {
		if err != nil {
			return err
		}
		return r.fail("a line after the end line")
	}
	r.ended = true
	return io.EOF
}

// scan returns the next line's bytes; io.EOF at the end of input.
func (r *Reader) scan() ([]byte, error) {
	if !r.s.Scan() {
		if err := r.s.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return nil, &LineError{Line: r.no + 1, Msg: fmt.Sprintf("longer than %d bytes", MaxLine)}
			}
			return nil, err
		}
		return nil, io.EOF
	}
	r.no++
	return r.s.Bytes(), nil
}

func (r *Reader) fail(format string, args ...any) error {
	return &LineError{Line: r.no, Msg: fmt.Sprintf(format, args...)}
}

// strict decodes one JSON object into v: unknown keys and trailing data
// are errors, numbers in raw JSON fields keep their digits.
func strict(raw []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	return nil
}
