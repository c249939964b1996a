package agentmemory

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Client-side embedding of record writes (StoreOptions.Embedder). The
// package owns chunking: a text the store would split is sent to its
// chunk_text first, so the rows the package writes and the vectors the
// client computed pair up one to one (docs/protocol-search.md §9). The
// round trips of an add are then:
//
//  1. chunk_text, only when some retrieval text is longer than the store's
//     chunking.max characters (a shorter text is one chunk in either unit,
//     since every word has a character): one read-only call per 1000 such
//     texts;
//  2. one Embed call for every text of the add (the Embedder batches its
//     own requests);
//  3. add_records, one call, with IndexChunks and one vector per chunk for
//     split texts, and SingleVector for the others (R9: the text is then
//     stored as one row, unsplit).
//
// What the client cannot embed keeps the package's behaviour: the
// descriptions of a message's image parts (their vectors come from the
// store's model, or none), and records whose Embeddings the caller gave.
// An image record's description is embedded whole, never replaced by
// chunks: chunks given as its index text would become its description.

// recordEmbedder returns the Embedder writes use: StoreOptions.Embedder on a
// store whose vectors the client may compute, else nil.
func (s *Store) recordEmbedder() Embedder {
	if !s.embedsRecords() {
		return nil
	}
	return s.openedEmbedder()
}

// embedsRecords reports whether the store takes client vectors: a VECTOR
// store with local vectors. KEYWORD stores search text only, and HYBRID ones
// embed with their in-database model (seed).
func (s *Store) embedsRecords() bool {
	cfg := s.Info().Config
	_, dim := cfg.VectorDim.Get()
	return dim && oneOf(cfg.SearchStrategy, Vector)
}

// embedJob is one record's retrieval text to embed, and where its vectors go.
type embedJob struct {
	text   string   // the whole text: embedded as one vector, unless split
	chunks []string // caller-owned or split chunks: one vector each
	split  bool     // text must go through chunk_text first
	image  bool     // never split: the chunks would replace the description
	set    func(x Optional[IndexText], e Embedding)
}

// embedRecords gives every record of items that needs vectors its vectors,
// computed by emb, writing the items' index texts and embeddings in place.
func (s *Store) embedRecords(ctx context.Context, op string, emb Embedder, items []addItem) error {
	var jobs []*embedJob
	for i := range items {
		it := &items[i]
		if !it.embedding.IsNone() {
			continue // the caller's vectors
		}
		job := s.jobFor(it.typ, Some(it.index), it.content, it.metadata)
		if job == nil {
			continue
		}
		job.set = func(x Optional[IndexText], e Embedding) {
			if v, ok := x.Get(); ok {
				it.index = v
			}
			it.embedding = e
		}
		jobs = append(jobs, job)
	}
	return s.runJobs(ctx, op, emb, jobs)
}

// embedUpdate gives an update that writes new retrieval text without an
// explicit Embedding its vectors, computed by emb.
func (s *Store) embedUpdate(ctx context.Context, op string, emb Embedder, r *UpdateRequest) error {
	if !r.Embedding.IsOmitted() {
		return nil
	}
	content := r.Content
	if content.IsOmitted() {
		content = r.Text
	}
	c, hasContent := content.Get()
	if r.IndexText.IsOmitted() && (!hasContent || c.IsNone()) {
		return nil // no new text: the rows stay as they are
	}
	if x, ok := r.IndexText.Get(); r.IndexText.IsNone() || (ok && x.IsNone()) {
		return nil // U7: the rows are cleared
	}
	meta, _ := r.Metadata.Get()
	x, _ := r.IndexText.Get()
	job := s.jobFor(r.RecordType.canonical(), Some(x), c, meta)
	if job == nil {
		return nil
	}
	job.set = func(x Optional[IndexText], e Embedding) {
		if !x.IsOmitted() {
			r.IndexText = x
		}
		r.Embedding = Some(e)
	}
	return s.runJobs(ctx, op, emb, []*embedJob{job})
}

// jobFor returns the embedding job of one record: its retrieval text per
// R1-R6 and R16, or nil when it has none.
func (s *Store) jobFor(t RecordType, index Optional[IndexText], c Content, meta map[string]any) *embedJob {
	x, _ := index.Get()
	if chunks, ok := x.Chunks(); ok {
		if len(chunks) == 0 {
			return nil
		}
		return &embedJob{chunks: chunks}
	}
	text, ok := x.StringValue()
	if !ok {
		text, ok = resolvedText(t, c, meta)
	}
	if !ok || strings.TrimFunc(text, unicode.IsSpace) == "" {
		return nil // R6/R7: no text, no rows
	}
	max := s.Info().Config.Chunking.Max
	image := t == RecordTypeImage
	return &embedJob{text: text, image: image, split: !image && (max <= 0 || utf8.RuneCountInString(text) > max)}
}

// resolvedText is a record's text as the package resolves it (§3.2): the
// string; a message's text parts joined with "\n"; a summary's "text"
// member; metadata["content"] for a None content (not for summaries and
// images).
func resolvedText(t RecordType, c Content, meta map[string]any) (string, bool) {
	switch c.kind {
	case contentText:
		return c.text, true
	case contentParts:
		return partsText(c.parts), true
	case contentObject:
		s, ok := c.object["text"].(string)
		return s, ok
	case contentNone:
		if t != RecordTypeThreadSummary && t != RecordTypeImage {
			s, ok := meta["content"].(string)
			return s, ok
		}
	}
	return "", false
}

// runJobs splits the long texts with chunk_text, embeds every text in one
// Embed call, and hands each job its vectors.
func (s *Store) runJobs(ctx context.Context, op string, emb Embedder, jobs []*embedJob) error {
	var long []*embedJob
	for _, j := range jobs {
		if j.split {
			long = append(long, j)
		}
	}
	for start := 0; start < len(long); start += maxChunkTexts {
		part := long[start:min(start+maxChunkTexts, len(long))]
		texts := make([]string, len(part))
		for k, j := range part {
			texts[k] = j.text
		}
		lists, err := s.chunkText(ctx, op, texts) // search.go: one chunk_text call
		if err != nil {
			return err
		}
		for k, j := range part {
			// One chunk is the whole text: keep it whole (R9). Several
			// become caller-owned chunks (R10).
			if len(lists[k]) >= 2 {
				j.chunks, j.split = lists[k], true
			} else {
				j.split = false
				if len(lists[k]) == 0 {
					j.text = "" // nothing the store would index
				}
			}
		}
	}
	var texts []string
	for _, j := range jobs {
		switch {
		case j.chunks != nil:
			texts = append(texts, j.chunks...)
		case j.text != "":
			texts = append(texts, j.text)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vectors, err := emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("agentmemory: %s: embedding %d texts: %w", op, len(texts), err)
	}
	if err := s.checkEmbedded(op, vectors, len(texts)); err != nil {
		return err
	}
	next := 0
	for _, j := range jobs {
		switch {
		case j.chunks != nil:
			vs := vectors[next : next+len(j.chunks)]
			next += len(j.chunks)
			x := Optional[IndexText]{}
			if j.split {
				x = Some(IndexChunks(j.chunks...))
			}
			j.set(x, ChunkVectors(vs...))
		case j.text != "":
			j.set(Optional[IndexText]{}, SingleVector(vectors[next]))
			next++
		}
	}
	return nil
}

// checkEmbedded checks what the Embedder returned: one finite vector per
// text, all of the store's dimension.
func (s *Store) checkEmbedded(op string, vectors [][]float32, n int) error {
	if len(vectors) != n {
		return &EmbeddingServiceError{Op: op, Message: fmt.Sprintf("returned %d vectors for %d texts", len(vectors), n)}
	}
	dim, _ := s.Info().Config.VectorDim.Get()
	for i, v := range vectors {
		if len(v) != dim {
			return &Error{Code: 20105, Name: "INCOMPATIBLE_STORE", Op: op, Message: fmt.Sprintf(
				"INCOMPATIBLE_STORE: the Embedder produces %d-dimension vectors; the store has vector_dim %d: use an embedder of the store's dimension",
				len(v), dim)}
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return &EmbeddingServiceError{Op: op, Message: fmt.Sprintf("vector %d holds %v; vectors must be finite", i, x)}
			}
		}
	}
	return nil
}
