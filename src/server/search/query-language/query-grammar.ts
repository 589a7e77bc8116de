/**
 * The surface syntax of the search language (docs/search.md, "Query language"), as a PEG for peggy.
 * It only shapes the text into raw clauses with their offsets; what a field's value means, and every
 * limit, is checked afterwards by build-query-tree.ts, so those errors name the clause's position too.
 *
 * Precedence: NOT (and -) binds tightest, then AND (explicit or implicit), then OR. Operators are upper
 * case only and stand alone, so "and", "ANDROID" and "NOTE" stay words. NEAR/n joins two words.
 */
export const QUERY_GRAMMAR = String.raw`
Query
  = _ expr:OrExpr _ { return expr; }
  / _ { return null; }

OrExpr
  = head:AndExpr tail:(__ "OR" !BareChar __ @AndExpr)* {
      return tail.length ? { type: "or", children: [head, ...tail], at: location().start.offset } : head;
    }

AndExpr
  = head:UnaryExpr tail:(AndSeparator UnaryExpr)* {
      if (!tail.length) return head;
      return {
        type: "and",
        children: [head, ...tail.map((pair) => pair[1])],
        explicit: tail.some((pair) => pair[0] === "explicit"),
        at: location().start.offset,
      };
    }

AndSeparator
  = __ "AND" !BareChar __ { return "explicit"; }
  / __ !BinaryKeyword { return "implicit"; }

UnaryExpr
  = "NOT" !BareChar _ child:UnaryExpr { return { type: "not", child, at: location().start.offset }; }
  / "-" child:Primary { return { type: "not", child, at: location().start.offset, minus: true }; }
  / Primary

Primary
  = "(" _ expr:OrExpr _ ")" { return { type: "group", child: expr, at: location().start.offset }; }
  / Near
  / FieldTerm
  / TextTerm

Near
  = left:NearOperand __ "NEAR/" distance:$[0-9]+ !BareChar __ right:NearOperand {
      return { type: "near", left, right, distance: Number(distance), at: location().start.offset };
    }

NearOperand
  = field:FieldName ":" word:Bare { return { field, word, at: location().start.offset }; }
  / !Keyword word:Bare { return { field: null, word, at: location().start.offset }; }

FieldTerm
  = field:FieldName ":" value:FieldValue { return { type: "field", field, value, at: location().start.offset }; }

FieldName
  = "from" / "to" / "cc" / "bcc" / "subject" / "body" / "attachment" / "filename" / "mailbox" / "source" / "folder"
  / "has" / "sent" / "size" / "messageid" / "thread" / "class" / "neardup" / "lang" / "inclusive"

FieldValue
  = text:Phrase proximity:("~" @$[0-9]+)? { return { text, quoted: true, proximity: proximity === null ? null : Number(proximity) }; }
  / text:Bare { return { text, quoted: false, proximity: null }; }

TextTerm
  = text:Phrase proximity:("~" @$[0-9]+)? {
      return { type: "text", text, quoted: true, proximity: proximity === null ? null : Number(proximity), at: location().start.offset };
    }
  / !Keyword text:Bare { return { type: "text", text, quoted: false, proximity: null, at: location().start.offset }; }

Phrase "a quoted phrase"
  = '"' text:$[^"]* '"' { return text; }

Bare "a word"
  = $(!("NEAR/" [0-9]) BareChar)+

BareChar
  = [^ \t\r\n\u00a0"()]

Keyword
  = BinaryKeyword
  / "NOT" !BareChar

BinaryKeyword
  = ("AND" / "OR") !BareChar
  / "NEAR/" [0-9]

_ "white space"
  = [ \t\r\n\u00a0]*

__ "white space"
  = [ \t\r\n\u00a0]+
`;
