package fixturecall

// The thread calls (docs/protocol-threads.md): a fixture request of
// open_thread or thread_<op> turned into the Go values a caller writes
// (ThreadOptions, ThreadMessage, ThreadMemory, Window, ...) and sent
// through Store.CreateThread or the method of a *Thread made by
// Store.Thread (no round trip). A request the Go values cannot express is
// ErrUnexpressible, before any call.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// ThreadOps are the thread calls with fixtures, in the order of the
// protocol page.
var ThreadOps = []string{"open_thread", "thread_add_messages", "thread_add_memory", "thread_get_message",
	"thread_get_messages", "thread_update_message", "thread_update_memory", "thread_delete_message",
	"thread_delete_memory", "thread_add_image", "thread_update_image", "thread_list_images", "thread_delete_image",
	"thread_link_records", "thread_update_record_link", "thread_delete_record_link", "thread_get_summary",
	"thread_search", "thread_get_context_card"}

// IsThreadOp reports whether op is a thread call.
func IsThreadOp(op string) bool {
	for _, o := range ThreadOps {
		if o == op {
			return true
		}
	}
	return false
}

// callThread runs a thread fixture through the Go client and returns the
// result as the package's response JSON.
func callThread(ctx context.Context, s *agentmemory.Store, op string, request []byte) ([]byte, error) {
	f, err := newReqKeys(op, request)
	if err != nil {
		return nil, err
	}
	if op == "open_thread" {
		return openThread(ctx, s, f)
	}
	id, err := f.str("thread", true)
	if err != nil {
		return nil, err
	}
	call, err := threadCall(f, op)
	if err != nil {
		return nil, err
	}
	if err := f.done(); err != nil {
		return nil, err
	}
	res, err := call(ctx, s.Thread(id))
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

func openThread(ctx context.Context, s *agentmemory.Store, f *reqKeys) ([]byte, error) {
	var o agentmemory.ThreadOptions
	var err error
	for _, p := range []struct {
		key string
		dst *string
	}{{"thread_id", &o.ID}, {"user_id", &o.UserID}, {"agent_id", &o.AgentID}} {
		if *p.dst, err = f.str(p.key, false); err != nil {
			return nil, err
		}
	}
	if o.Metadata, err = f.obj("metadata"); err != nil {
		return nil, err
	}
	if err := llmOptions(f, &o); err != nil {
		return nil, err
	}
	if err := f.done(); err != nil {
		return nil, err
	}
	th, err := s.CreateThread(ctx, o)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"thread": th.Record(), "created": th.Created()})
}

// llmOptions reads open_thread's LLM settings (docs/llm.md, "Go client")
// into o: the three objects decoded strictly into their Go types, and the
// two shortening limits.
func llmOptions(f *reqKeys, o *agentmemory.ThreadOptions) error {
	for _, k := range []struct {
		key string
		dst any
	}{{"llm", &o.LLM}, {"memory_extraction_config", &o.MemoryExtraction}, {"image_input_limit_config", &o.ImageInputLimits}} {
		v, ok := f.get(k.key)
		if !ok {
			continue
		}
		if kindOf(v) != '{' || strict(v, k.dst) != nil {
			return unexpressible("%s %s is not an object the Go type holds", k.key, v)
		}
	}
	var err error
	if o.MaxMessageTokenLength, err = f.optInt("max_message_token_length"); err != nil {
		return err
	}
	o.MessageShorteningInputTokenLimit, err = f.optInt("message_shortening_input_token_limit")
	return err
}

// threadCall decodes the request of op into Go values and returns the call
// that sends them.
func threadCall(f *reqKeys, op string) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	type call = func(context.Context, *agentmemory.Thread) (any, error)
	switch op {
	case "thread_add_messages":
		return addMessages(f)
	case "thread_add_memory":
		return addMemory(f)
	case "thread_get_message":
		id, err := f.str("message_id", true)
		if err != nil {
			return nil, err
		}
		var o agentmemory.GetMessageOptions
		if v, ok := f.get("included_image_ids"); ok {
			if err := json.Unmarshal(v, &o.IncludedImageIDs); err != nil || len(o.IncludedImageIDs) == 0 {
				return nil, unexpressible("included_image_ids %s is not a non-empty list of ids", v)
			}
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			m, err := t.GetMessage(ctx, id, o)
			if errors.Is(err, agentmemory.ErrNotFound) && isNullAnswer(err) {
				return map[string]any{"message": nil}, nil
			}
			return map[string]any{"message": m}, err
		}, nil
	case "thread_get_messages":
		var w agentmemory.Window
		var err error
		if w.Start, err = f.integer("start"); err != nil {
			return nil, err
		}
		if w.End, err = f.optInt("end"); err != nil {
			return nil, err
		}
		if w.IncludeImageBytes, err = f.boolean("include_image_bytes"); err != nil {
			return nil, err
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			ms, err := t.GetMessages(ctx, w)
			return map[string]any{"messages": ms}, err
		}, nil
	case "thread_update_message":
		return updateMessage(f)
	case "thread_update_memory":
		return updateMemory(f)
	case "thread_delete_message", "thread_delete_memory", "thread_delete_image":
		key := map[string]string{"thread_delete_message": "message_id", "thread_delete_memory": "memory_id",
			"thread_delete_image": "image_id"}[op]
		id, err := f.str(key, true)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			del := map[string]func(context.Context, string) (int, error){"thread_delete_message": t.DeleteMessage,
				"thread_delete_memory": t.DeleteMemory, "thread_delete_image": t.DeleteImage}[op]
			n, err := del(ctx, id)
			return map[string]any{"deleted": n}, err
		}, nil
	case "thread_add_image":
		return addImage(f)
	case "thread_update_image":
		return updateImage(f)
	case "thread_list_images":
		var o agentmemory.ImageListOptions
		var err error
		if o.ImageID, err = f.str("image_id", false); err != nil {
			return nil, err
		}
		if v, ok := f.get("metadata_filter"); ok {
			if err := json.Unmarshal([]byte(`{"f":`+string(v)+`}`), &struct {
				F *agentmemory.Optional[agentmemory.Filter] `json:"f"`
			}{&o.MetadataFilter}); err != nil {
				return nil, unexpressible("metadata_filter: %v", err)
			}
		}
		if o.IncludeBytes, err = f.boolean("include_bytes"); err != nil {
			return nil, err
		}
		if o.Limit, err = f.optInt("limit"); err != nil {
			return nil, err
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			ims, err := t.ListImages(ctx, o)
			return map[string]any{"images": ims}, err
		}, nil
	case "thread_link_records":
		return linkRecords(f)
	case "thread_update_record_link":
		u, err := linkUpdate(f)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			n, err := t.UpdateRecordLink(ctx, u)
			return map[string]any{"updated": n}, err
		}, nil
	case "thread_delete_record_link":
		return deleteLink(f)
	case "thread_get_summary":
		var o agentmemory.SummaryOptions
		var err error
		if o.ExceptLast, err = f.integer("except_last"); err != nil {
			return nil, err
		}
		if o.TokenBudget, err = f.integer("token_budget"); err != nil {
			return nil, err
		}
		return call(func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.Summary(ctx, o) }), nil
	case "thread_search":
		return threadSearch(f)
	case "thread_get_context_card":
		return contextCard(f)
	}
	return nil, fmt.Errorf("no client call for %s", op)
}

// isNullAnswer tells the client's ErrNotFound for the package's null
// answer from the package's own NOT_FOUND (an unknown thread), which has a
// database error code in its chain.
func isNullAnswer(err error) bool {
	var e *agentmemory.Error
	return errors.As(err, &e) && e.Err == nil
}

func addMessages(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	v, ok := f.get("messages")
	if !ok {
		return nil, unexpressible("messages omitted")
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(v, &raw); err != nil {
		return nil, unexpressible("messages %s is not a list of objects", v)
	}
	if _, ok := f.keys["metadata"]; ok {
		return nil, unexpressible("request-level metadata (Go gives metadata per message)")
	}
	f.seen["metadata"] = true
	msgs := make([]agentmemory.ThreadMessage, len(raw))
	for i, m := range raw {
		b, _ := json.Marshal(m)
		mf, _ := newReqKeys("message", b)
		var err error
		if msgs[i].Role, err = mf.str("role", true); err != nil {
			return nil, err
		}
		if msgs[i].ID, err = mf.str("id", false); err != nil {
			return nil, err
		}
		if msgs[i].Timestamp, err = mf.time("timestamp"); err != nil {
			return nil, err
		}
		if msgs[i].Metadata, err = mf.obj("metadata"); err != nil {
			return nil, err
		}
		c, ok := mf.get("content")
		if !ok {
			return nil, unexpressible("messages[%d].content omitted", i)
		}
		if kindOf(c) == '[' {
			var content agentmemory.Content
			if err := json.Unmarshal(c, &content); err != nil {
				return nil, unexpressible("messages[%d].content: %v", i, err)
			}
			msgs[i].Parts = content.Parts()
		} else if msgs[i].Text, err = text("content", c, false, true); err != nil {
			return nil, err
		}
		if err := mf.done(); err != nil {
			return nil, err
		}
	}
	var o agentmemory.AddMessagesOptions
	var err error
	if o.TTLDays, o.TTLAnchor, err = f.ttl(); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.AddMessages(ctx, msgs, o) }, nil
}

func addMemory(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	var m agentmemory.ThreadMemory
	var err error
	if m.Text, err = f.str("content", true); err != nil {
		return nil, err
	}
	var typ string
	if typ, err = f.str("memory_type", false); err != nil {
		return nil, err
	}
	m.Type = agentmemory.RecordType(typ)
	if m.ID, err = f.str("memory_id", false); err != nil {
		return nil, err
	}
	if err = f.scopeAndLife(&m.UserID, &m.AgentID, &m.ThreadID, &m.Metadata, &m.Timestamp, &m.TTLDays,
		&m.TTLAnchor); err != nil {
		return nil, err
	}
	var status string
	if status, err = f.str("status", false); err != nil {
		return nil, err
	}
	m.Status = agentmemory.RecordStatus(status)
	if m.AutonomousLinking, err = f.optBool("autonomous_linking"); err != nil {
		return nil, err
	}
	_, target := f.keys["memory_id_to_link"]
	_, typed := f.keys["link_type"]
	if target != typed {
		return nil, unexpressible("memory_id_to_link without link_type or the reverse (MemoryLink carries both)")
	}
	if target {
		l := &agentmemory.MemoryLink{}
		var lt string
		if l.TargetID, err = f.str("memory_id_to_link", true); err != nil {
			return nil, err
		}
		if lt, err = f.str("link_type", true); err != nil {
			return nil, err
		}
		l.Type = agentmemory.RelationType(lt)
		if l.ID, err = f.str("link_id", false); err != nil {
			return nil, err
		}
		if l.Timestamp, err = f.time("link_timestamp"); err != nil {
			return nil, err
		}
		if l.Metadata, err = f.obj("link_metadata"); err != nil {
			return nil, err
		}
		m.Link = l
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
		res, err := t.AddMemory(ctx, m)
		if err != nil {
			return nil, err
		}
		var rel any
		if res.RelationID != "" {
			rel = res.RelationID
		}
		return map[string]any{"id": res.ID, "relation_id": rel, "warnings": res.Warnings}, nil
	}, nil
}

func updateMessage(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	id, err := f.str("message_id", true)
	if err != nil {
		return nil, err
	}
	var u agentmemory.MessageUpdate
	if v, ok := f.get("content"); ok {
		u.Content = agentmemory.None[agentmemory.Content]()
		if string(v) != "null" {
			var c agentmemory.Content
			if err := json.Unmarshal(v, &c); err != nil {
				return nil, unexpressible("content: %v", err)
			}
			u.Content = agentmemory.Some(c)
		}
	}
	if u.Metadata, err = f.optObj("metadata"); err != nil {
		return nil, err
	}
	if u.TTLDays, u.TTLAnchor, err = f.ttl(); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.UpdateMessage(ctx, id, u) }, nil
}

func updateMemory(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	id, err := f.str("memory_id", true)
	if err != nil {
		return nil, err
	}
	var u agentmemory.MemoryUpdate
	if u.Content, err = f.optStr("content"); err != nil {
		return nil, err
	}
	if u.Metadata, err = f.optObj("metadata"); err != nil {
		return nil, err
	}
	if u.Timestamp, err = f.optTime("timestamp"); err != nil {
		return nil, err
	}
	if u.TTLDays, u.TTLAnchor, err = f.ttl(); err != nil {
		return nil, err
	}
	var status string
	if status, err = f.str("status", false); err != nil {
		return nil, err
	}
	u.Status = agentmemory.RecordStatus(status)
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.UpdateMemory(ctx, id, u) }, nil
}

func addImage(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	var im agentmemory.ThreadImage
	var err error
	if im.Bytes, err = f.bytes("image", true); err != nil {
		return nil, err
	}
	var mime string
	if mime, err = f.str("mime_type", false); err != nil {
		return nil, err
	}
	im.MimeType = agentmemory.ImageMimeType(mime)
	if im.Description, err = f.str("description", false); err != nil {
		return nil, err
	}
	if im.ID, err = f.str("image_id", false); err != nil {
		return nil, err
	}
	if err = f.scopeAndLife(&im.UserID, &im.AgentID, &im.ThreadID, &im.Metadata, &im.Timestamp, &im.TTLDays,
		&im.TTLAnchor); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.AddImage(ctx, im) }, nil
}

func updateImage(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	id, err := f.str("image_id", true)
	if err != nil {
		return nil, err
	}
	var u agentmemory.ImageUpdate
	if u.Bytes, err = f.bytes("image", false); err != nil {
		return nil, err
	}
	var mime string
	if mime, err = f.str("mime_type", false); err != nil {
		return nil, err
	}
	u.MimeType = agentmemory.ImageMimeType(mime)
	if u.Description, err = f.optStr("description"); err != nil {
		return nil, err
	}
	if u.Metadata, err = f.optObj("metadata"); err != nil {
		return nil, err
	}
	if u.Timestamp, err = f.optTime("timestamp"); err != nil {
		return nil, err
	}
	if u.TTLDays, u.TTLAnchor, err = f.ttl(); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) { return t.UpdateImage(ctx, id, u) }, nil
}

func linkRecords(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	var r agentmemory.Relation
	var src, srcT, tgt, tgtT, typ, opp string
	var err error
	for _, p := range []struct {
		key      string
		dst      *string
		required bool
	}{{"source_record_id", &src, true}, {"source_record_type", &srcT, true}, {"target_record_id", &tgt, true},
		{"target_record_type", &tgtT, true}, {"relation_type", &typ, true}, {"opposite_relation_type", &opp, false},
		{"relation_id", &r.ID, false}} {
		if *p.dst, err = f.str(p.key, p.required); err != nil {
			return nil, err
		}
	}
	r.Source = agentmemory.RecordRef{Type: agentmemory.RecordType(srcT), ID: src}
	r.Target = agentmemory.RecordRef{Type: agentmemory.RecordType(tgtT), ID: tgt}
	r.Type, r.OppositeType = agentmemory.RelationType(typ), agentmemory.RelationType(opp)
	if r.Timestamp, err = f.time("timestamp"); err != nil {
		return nil, err
	}
	if r.Metadata, err = f.obj("metadata"); err != nil {
		return nil, err
	}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
		id, err := t.LinkRecords(ctx, r)
		return map[string]any{"relation_id": id}, err
	}, nil
}

func linkUpdate(f *reqKeys) (agentmemory.RelationUpdate, error) {
	var u agentmemory.RelationUpdate
	var err error
	if u.ID, err = f.str("relation_id", true); err != nil {
		return u, err
	}
	var typ string
	if typ, err = f.str("relation_type", false); err != nil {
		return u, err
	}
	u.Type = agentmemory.RelationType(typ)
	opp, err := f.optStr("opposite_relation_type")
	if err != nil {
		return u, err
	}
	if s, ok := opp.Get(); ok {
		u.OppositeType = agentmemory.Some(agentmemory.RelationType(s))
	} else if opp.IsNone() {
		u.OppositeType = agentmemory.None[agentmemory.RelationType]()
	}
	if u.Timestamp, err = f.optTime("timestamp"); err != nil {
		return u, err
	}
	u.Metadata, err = f.optObj("metadata")
	return u, err
}

func deleteLink(f *reqKeys) (func(context.Context, *agentmemory.Thread) (any, error), error) {
	id, err := f.str("relation_id", false)
	if err != nil {
		return nil, err
	}
	if id != "" {
		for _, k := range []string{"source_record_id", "source_record_type", "target_record_id", "target_record_type", "relation_type"} {
			if _, ok := f.keys[k]; ok {
				return nil, unexpressible("relation_id with %s (DeleteRecordLink sends the id alone)", k)
			}
		}
		return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
			n, err := t.DeleteRecordLink(ctx, id)
			return map[string]any{"deleted": n}, err
		}, nil
	}
	var src, srcT, tgt, tgtT, typ string
	for _, p := range []struct {
		key string
		dst *string
	}{{"source_record_id", &src}, {"source_record_type", &srcT}, {"target_record_id", &tgt},
		{"target_record_type", &tgtT}, {"relation_type", &typ}} {
		if *p.dst, err = f.str(p.key, true); err != nil {
			return nil, err
		}
	}
	key := agentmemory.RelationKey{Source: agentmemory.RecordRef{Type: agentmemory.RecordType(srcT), ID: src},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordType(tgtT), ID: tgt}, Type: agentmemory.RelationType(typ)}
	return func(ctx context.Context, t *agentmemory.Thread) (any, error) {
		n, err := t.DeleteRecordLinkByKey(ctx, key)
		return map[string]any{"deleted": n}, err
	}, nil
}
