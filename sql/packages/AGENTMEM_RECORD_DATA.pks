create or replace package agentmem_record_data
  authid current_user
  accessible by (package agentmem_record_write,
                 package agentmem_record_edit)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_RECORD_DATA: what a record is made of and how its rows are
  -- written, shared by add (AGENTMEM_RECORD_WRITE) and update
  -- (AGENTMEM_RECORD_EDIT): content per record type and message parts
  -- (docs/protocol-records.md §3.2, R15, R16), image bytes, expiry (§3.3,
  -- U17), and the FORALL inserts of the record tables and DOCUMENT.
  ------------------------------------------------------------------------------

  co_mimes constant varchar2(60 char) := 'image/png, image/jpeg, image/webp';
  -- The ISO-8601 rule of request timestamps, as messages state it.
  co_iso_rule constant varchar2(100 char) :=
    ' is not an ISO-8601 timestamp (YYYY-MM-DD[THH:MM[:SS[.fraction]]][Z|+HH:MM|-HH:MM])';

  -- One image: an image record, or an image part of a message.
  type t_image is record (
    id          varchar2(128 char),
    part_index  pls_integer,
    mime        varchar2(16 char),
    bytes       blob,
    description clob,
    event_ts    timestamp with time zone
  );
  type t_image_list is table of t_image;

  -- One record's content as stored (§3.2). text: CONTENT (memory-like,
  -- thread, profile; a message's text parts joined with LF; an image's
  -- description), "" as a zero-length CLOB; parts: CONTENT_PARTS JSON text
  -- of a multimodal message, images its image parts; summary: CONTENT JSON
  -- text of a thread_summary; bytes and mime: an image record. resolved:
  -- the text its retrieval rows come from when no index text is given
  -- (R1), NULL when there is none. is_null: content None (SQL NULL).
  type t_content is record (
    is_null  boolean := false,
    text     clob,
    parts    clob,
    images   t_image_list,
    summary  clob,
    bytes    blob,
    mime     varchar2(16 char),
    resolved clob
  );

  -- One record to insert (add) with the request paths its errors name.
  type t_record is record (
    id         varchar2(128 char),
    id_path    varchar2(200 char),
    thread_id  varchar2(128 char),
    thread_at  varchar2(200 char),
    user_id    varchar2(128 char),
    agent_id   varchar2(128 char),
    role       varchar2(64 char),
    content    t_content,
    metadata   clob,
    event_ts   timestamp with time zone,
    status     varchar2(8 char),
    expires    timestamp with time zone,
    unvectored boolean := false
  );
  type t_record_list is table of t_record;

  -- A zero-length temporary CLOB: bound into a CLOB column it stores an
  -- empty LOB, which is not NULL ("" content; SQL Reference, EMPTY_CLOB).
  function empty_text return clob;

  -- A new record id (32 lower-case hex characters), from a pool filled by
  -- agentmem_util.new_ids 100 at a time.
  function next_id return varchar2;

  -- Lower-case image MIME type when p_mime is image/png, image/jpeg or
  -- image/webp (any case), else NULL.
  function image_mime(p_mime in varchar2) return varchar2;

  -- Decodes base64 image bytes and checks their signature against p_mime.
  -- p_path names the value and p_mime_key the key the mime came from.
  -- Raises: INVALID_ARGUMENT (not base64, signature mismatch).
  function image_bytes(p_text in clob, p_mime in varchar2, p_path in varchar2, p_mime_key in varchar2) return blob;

  -- Reads a non-null content element of a p_type record (§3.2): a string,
  -- a list of message parts, a summary object or string, base64 image
  -- bytes (p_mime: the image record's validated mime). p_path names the
  -- element ('contents[3]', 'content'); p_op the call in key messages.
  -- Raises: INVALID_ARGUMENT for any other kind and every part rule.
  function read_content(p_type in varchar2, p_element in json_element_t, p_path in varchar2,
                        p_mime in varchar2, p_op in varchar2) return t_content;

  -- The description of an image from its index text (R16, U5, U6): the
  -- string, the chunks joined with LF, "" for EMPTY, NULL otherwise.
  function image_description(p_index in agentmem_chunks.t_index) return clob;

  -- Metadata as stored: the object's JSON text; for an image without its
  -- image_mime_type key ({} remains when it was the only key). NULL for NULL.
  function stored_metadata(p_meta in json_object_t, p_type in varchar2) return clob;

  -- The expiry of a record (§3.3, U17): p_days_given false = ttl_days
  -- omitted (default_ttl_days, else as null); p_days NULL = null (the
  -- store's max_ttl_days, else never); a value above max_ttl_days is
  -- clamped with warning W1 naming p_days_path and p_id. Expiry = p_anchor
  -- + days; W2 when it is not after p_now (p_refresh: the update wording).
  function expiry(p_store in agentmem_store_catalog.t_store, p_days_given in boolean, p_days in number,
                  p_anchor in timestamp with time zone, p_now in timestamp with time zone,
                  p_days_path in varchar2, p_id in varchar2, p_refresh in boolean,
                  p_warnings in out nocopy agentmem_util.t_text_list) return timestamp with time zone;

  -- Inserts p_records (all of p_type) into their table, p_batch_size rows
  -- per FORALL, with the DOCUMENT rows of images and message image parts.
  -- CREATED_AT = UPDATED_AT = p_now.
  procedure insert_records(p_store in agentmem_store_catalog.t_store, p_type in varchar2,
                           p_records in t_record_list, p_batch_size in pls_integer,
                           p_now in timestamp with time zone);

  -- Inserts the DOCUMENT rows of a message's image parts (R15) with the
  -- message's scope, status and expiry; one FORALL.
  procedure insert_parts(p_store in agentmem_store_catalog.t_store, p_message_id in varchar2,
                         p_images in t_image_list, p_thread_id in varchar2, p_user_id in varchar2,
                         p_agent_id in varchar2, p_status in varchar2, p_expires in timestamp with time zone,
                         p_now in timestamp with time zone);

  -- Appends the chunk source of each image part (its description, split
  -- and embedded like any text, R15) with the scope, status and expiry of
  -- p_base (the message's source).
  procedure plan_parts(p_store in agentmem_store_catalog.t_store, p_images in t_image_list,
                       p_base in agentmem_chunks.t_source,
                       p_sources in out nocopy agentmem_chunks.t_source_list,
                       p_rows in out nocopy agentmem_chunks.t_row_list);

  -- Appends warning W3 (§2) for p_ids (at most 10 named) when there are any.
  procedure warn_unvectored(p_store in agentmem_store_catalog.t_store, p_ids in agentmem_util.t_text_list,
                            p_warnings in out nocopy agentmem_util.t_text_list);

end agentmem_record_data;
/
