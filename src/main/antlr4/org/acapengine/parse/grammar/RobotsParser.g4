/*
 * Parser for robots.txt files that mix RFC 9309 records with ACAP 1.0 extensions.
 *
 * Rule names follow the ABNF of ACAP 1.0 section 3 (shared/specs/acap-abnf-reconstructed.md):
 * acap-record -> acapRecord, basic-permission-field -> basicPermissionField, and so on, so the
 * two can be read side by side. Comments and blank lines (the ABNF's "ignorable") are on the
 * hidden channel; every field therefore ends with fieldEnd (optional whitespace, then EOL).
 *
 * The grammar is TOTAL: every token sequence the lexer can produce is a sentence. Where the ABNF
 * forbids a shape that real files contain (a qualifier on a prohibition, a field out of place, a
 * field without ':'), the grammar accepts it as a node of its own (malformed..., stray...,
 * recordInterlude) and the model builder reports it; the parser never repairs input. Every shape
 * of one field, well-formed or malformed, is a labelled alternative of that field's rule
 * (# basicPermissionField | # qualifiedPermissionField | # malformedPermissionField), so the
 * visitor dispatches on the label.
 *
 * Every loop decision is LL(1) on the first token of a line, and every choice between field
 * shapes is decided within one line, so prediction never looks past the end of the current
 * line: parsing is linear in the input under SLL prediction.
 */
parser grammar RobotsParser;

options { tokenVocab = RobotsLexer; }

// ACAP-extensions = *ignorable [ACAP-ignore-conventional-records] [ACAP-definitions] ACAP-records
// In a real file the ACAP extensions share the file with conventional records, so everything
// before the first ACAP record is the preamble, and an ACAP record runs to the next record.
robotsTxt
    : preamble acapRecord* EOF
    ;

preamble
    : preambleLine* acapDefinitions?
    ;

preambleLine
    : conventionalLine
    | acapVersionComment
    | acapIgnoreConventionalRecords
    | strayAcapField
    | unknownAcapField
    | unrecognisedLine
    ;

// ACAP-definitions = 1*ACAP-definition-field (with the lines real files put between them)
acapDefinitions
    : acapDefinitionField (acapDefinitionField | preambleLine)*
    ;

// A field that belongs in an ACAP record but stands before the first ACAP-crawler field.
strayAcapField
    : permissionsReferenceField
    | permissionField
    | prohibitionField
    | actionRequestField
    | usagePurposePatternField
    ;

// ---------------------------------------------------------------------------------------------
// ACAP records
// ---------------------------------------------------------------------------------------------

// ACAP-record = (1*named-crawler-identification-field / any-crawler-identification-field)
//               (permissions-reference-field /
//                (permission-fields / ACAP-sub-record) *ACAP-sub-record)
acapRecord
    : crawlerIdentification recordBody?
    ;

crawlerIdentification
    : crawlerIdentificationField (crawlerIdentificationField | recordInterlude)*
    ;

// any-crawler-identification-field = "ACAP-crawler:" *WSP "*" field-end
// named-crawler-identification-field = "ACAP-crawler:" *WSP crawler-name field-end
// ("*" alone is any crawler: the first alternative wins the tie with a one-item crawler name)
crawlerIdentificationField
    : ACAP_CRAWLER_KEY keyValueSeparator ASTERISK fieldEnd      # anyCrawlerIdentificationField
    | ACAP_CRAWLER_KEY keyValueSeparator crawlerName fieldEnd   # namedCrawlerIdentificationField
    | ACAP_CRAWLER_KEY lineRest                                 # malformedCrawlerIdentificationField
    ;

// crawler-name = name-start-char *(WSP / VCHAR-excluding-hash)
crawlerName
    : valueItem+ (WS valueItem+)*
    ;

recordBody
    : permissionsReferenceField (permissionsReferenceField | recordInterlude)* recordContent?
    | recordContent
    ;

recordContent
    : permissionFields acapSubRecord*
    | acapSubRecord+
    ;

// permission-fields = 1*(basic-permission-field / qualified-permission-field /
//                        prohibition-field / action-request-field)
// A permissions reference among them is kept (and reported: 2.3 allows it only alone).
permissionFields
    : permissionFieldsItem (permissionFieldsItem | permissionsReferenceField | recordInterlude)*
    ;

permissionFieldsItem
    : permissionField
    | prohibitionField
    | actionRequestField
    ;

// ACAP-sub-record = 1*usage-purpose-pattern-field 1*(permission-field / prohibition-field)
acapSubRecord
    : usagePurposePatternField (usagePurposePatternField | recordInterlude)* subRecordFields?
    ;

subRecordFields
    : subRecordField (subRecordField | recordInterlude)*
    ;

// An action request or permissions reference in a sub-record is kept (and reported: 2.3).
subRecordField
    : permissionField
    | prohibitionField
    | actionRequestField
    | permissionsReferenceField
    ;

// Lines inside an ACAP record that are not part of its structure: conventional fields (ignored
// by ACAP crawlers, 2.9.2), definitions out of place (2.7), misspelt ACAP fields, junk.
recordInterlude
    : conventionalLine
    | acapVersionComment
    | acapIgnoreConventionalRecords
    | acapDefinitionField
    | unknownAcapField
    | unrecognisedLine
    ;

// ---------------------------------------------------------------------------------------------
// ACAP fields
// ---------------------------------------------------------------------------------------------

// permissions-reference-field = "ACAP-permissions-reference:" *WSP (URI / relative-part) field-end
permissionsReferenceField
    : ACAP_PERMISSIONS_REFERENCE_KEY keyValueSeparator resourceLocator fieldEnd   # wellFormedPermissionsReference
    | ACAP_PERMISSIONS_REFERENCE_KEY lineRest                                   # malformedPermissionsReference
    ;

resourceLocator
    : valueItem+
    ;

// The ABNF's undefined "permission-field" (in ACAP-sub-record), read as
// basic-permission-field / qualified-permission-field.
// basic-permission-field = "ACAP-allow-" ((ACAP-usage-name ["-" used-resource-type-name]) /
//                          local-usage-name) ":" *WSP resource-specification field-end
// qualified-permission-field = "ACAP-allow-" ACAP-usage-name ["-" used-resource-type-name] ":"
//                              *WSP resource-specification 1*(1*WSP qualifier-specification) field-end
// (a local usage with qualifiers is accepted as qualified and reported: 2.4.1.3)
permissionField
    : permissionKey keyValueSeparator resourceSpecification fieldEnd                               # basicPermissionField
    | permissionKey keyValueSeparator resourceSpecification (WS qualifierSpecification)+ fieldEnd  # qualifiedPermissionField
    | permissionKey lineRest                                                                       # malformedPermissionField
    ;

permissionKey
    : ACAP_ALLOW_USAGE_KEY
    | ACAP_ALLOW_LOCAL_USAGE_KEY
    ;

// prohibition-field = "ACAP-disallow-" ACAP-usage-name ["-" used-resource-type-name] ":"
//                     *WSP resource-specification field-end
// (qualifiers and local usages are accepted here and reported: 2.4.2)
prohibitionField
    : prohibitionKey keyValueSeparator resourceSpecification (WS qualifierSpecification)* fieldEnd   # wellFormedProhibition
    | prohibitionKey lineRest                                                                      # malformedProhibition
    ;

prohibitionKey
    : ACAP_DISALLOW_USAGE_KEY
    | ACAP_DISALLOW_LOCAL_USAGE_KEY
    ;

// action-request-field = "ACAP-request-" action-name ":" *WSP relative-part field-end
actionRequestField
    : ACAP_REQUEST_KEY keyValueSeparator relativePart fieldEnd   # wellFormedActionRequest
    | ACAP_REQUEST_KEY lineRest                                  # malformedActionRequest
    ;

relativePart
    : valueItem+
    ;

// usage-purpose-pattern-field = "ACAP-usage-purpose:" *WSP (name / URI-pattern) field-end
usagePurposePatternField
    : ACAP_USAGE_PURPOSE_KEY keyValueSeparator usagePurposePattern fieldEnd   # wellFormedUsagePurpose
    | ACAP_USAGE_PURPOSE_KEY lineRest                                       # malformedUsagePurpose
    ;

usagePurposePattern
    : valueItem+
    ;

// resource-specification = resource-path-pattern / ("the-acap:resource-set:" resource-set-name)
resourceSpecification
    : RESOURCE_SET_REFERENCE
    | resourcePathPattern
    ;

// resource-path-pattern = relative-part (with "*" and "$" as in section 2.8)
resourcePathPattern
    : valueItem+
    ;

// qualifier-specification = qualifier-type *WSP "=" *WSP qualifier-value
qualifierSpecification
    : qualifierType WS? EQUALS WS? qualifierValue
    ;

qualifierType
    : WORD
    ;

qualifierValue
    : valueItem+
    ;

// ---------------------------------------------------------------------------------------------
// ACAP definitions (2.7)
// ---------------------------------------------------------------------------------------------

// ACAP-definition-field = qualified-usage-definition-field / composite-usage-definition-field /
//                         resource-set-definition-field
// qualified-usage-definition-field = "ACAP-qualified-usage:" *WSP qualified-usage-name 1*WSP
//     ACAP-usage-name ["-" used-resource-type-name] 1*(1*WSP qualifier-specification) field-end
// composite-usage-definition-field = "ACAP-composite-usage:" *WSP composite-usage-name
//     1*(1*WSP (ACAP-usage-name ["-" used-resource-type-name] / local-usage-name)) field-end
// resource-set-definition-field = "ACAP-resource-set:" *WSP resource-set-name
//                                 1*(1*WSP resource-path-pattern) field-end
acapDefinitionField
    : ACAP_QUALIFIED_USAGE_KEY keyValueSeparator qualifiedUsageName WS acapUsageName (WS qualifierSpecification)+ fieldEnd  # qualifiedUsageDefinitionField
    | ACAP_COMPOSITE_USAGE_KEY keyValueSeparator compositeUsageName (WS compositeUsageMember)+ fieldEnd                     # compositeUsageDefinitionField
    | ACAP_RESOURCE_SET_KEY keyValueSeparator resourceSetName (WS resourcePathPattern)+ fieldEnd                           # resourceSetDefinitionField
    | (ACAP_QUALIFIED_USAGE_KEY | ACAP_COMPOSITE_USAGE_KEY | ACAP_RESOURCE_SET_KEY) lineRest                               # malformedDefinitionField
    ;

compositeUsageMember
    : acapUsageName
    | localUsageName
    ;

qualifiedUsageName : WORD ;
compositeUsageName : WORD ;
resourceSetName : WORD ;
acapUsageName : WORD ;
localUsageName : LOCAL_USAGE_NAME_ITEM ;

// ACAP-ignore-conventional-records = "ACAP-ignore-conventional-records" field-end
// (anything after the name is kept and reported)
acapIgnoreConventionalRecords
    : ACAP_IGNORE_CONVENTIONAL_RECORDS_KEY lineRest
    ;

// A field whose name starts "ACAP-" but is no ACAP field.
unknownAcapField
    : UNKNOWN_ACAP_KEY lineRest
    ;

// 2.9.3: "##ACAP version=1.0"
acapVersionComment
    : ACAP_VERSION_COMMENT
    ;

// ---------------------------------------------------------------------------------------------
// Conventional lines (RFC 9309 2.2 and the other records real files hold)
// ---------------------------------------------------------------------------------------------

conventionalLine
    : userAgentLine
    | allowLine
    | disallowLine
    | sitemapLine
    | licenseLine
    | otherFieldLine
    ;

userAgentLine : USER_AGENT_KEY conventionalValue ;
allowLine : ALLOW_KEY conventionalValue ;
disallowLine : DISALLOW_KEY conventionalValue ;
sitemapLine : SITEMAP_KEY conventionalValue ;
// RSL 1.0: "License: URL", file-wide like Sitemap. Without a ':' it is no field (RSL names none
// of google's leniencies), as for any other name.
licenseLine : LICENSE_KEY COLON lineRest ;
// name ":" value, for any other name (Crawl-delay, Host, Content-Signal, ...)
otherFieldLine : OTHER_KEY COLON lineRest ;

// The value of a conventional field: after ':' (or, as google/robotstxt accepts, after
// whitespace standing in for a missing ':'), to the end of the line or a comment.
conventionalValue
    : COLON lineRest
    | VALUE_WITHOUT_COLON? EOL
    ;

// A line the grammar cannot place: a name with no ':' at all, or no name.
unrecognisedLine
    : (OTHER_KEY | LICENSE_KEY) VALUE_WITHOUT_COLON? EOL
    | JUNK_START lineRest
    ;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

keyValueSeparator
    : COLON WS?
    ;

// field-end = 1*ignorable (a trailing comment is on the hidden channel)
fieldEnd
    : WS? EOL
    ;

lineRest
    : (~EOL)* EOL
    ;

valueItem
    : WORD
    | ASTERISK
    | EQUALS
    | LOCAL_USAGE_NAME_ITEM
    | RESOURCE_SET_REFERENCE
    ;
