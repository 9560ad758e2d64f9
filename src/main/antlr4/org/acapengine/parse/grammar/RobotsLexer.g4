/*
 * Lexer for robots.txt files that mix RFC 9309 records with ACAP 1.0 extensions.
 *
 * Transcribed from the ABNF of section 3 of "ACAP Technical Framework - Communicating access and
 * usage policies to crawlers using extensions to the Robots Exclusion Protocol, Part 1, v1.0",
 * as repaired in shared/specs/acap-abnf-reconstructed.md. Fragment names follow the ABNF rule
 * names (name-start-char -> NAME_START_CHAR, ...).
 *
 * The input is fed one line per '\n': RobotsTxtParser splits the decoded text on LF, CR and CRLF
 * and always ends it with a newline, so line and column numbers stay those of the file.
 *
 * Field names are case-insensitive (RFC 9309 2.2; ACAP 2.8 "all names are case-insensitive").
 * The lexer is total: every character of every line becomes part of some token.
 */
lexer grammar RobotsLexer;

options { caseInsensitive = true; }

// ---------------------------------------------------------------------------------------------
// Line start. A line is blank, a comment, or starts with a field name (a "key").
// ---------------------------------------------------------------------------------------------

// blank-field = *WSP CRLF
BLANK_LINE : [ \t]* NL -> channel(HIDDEN) ;

// The comment convention of 2.9.3: "##ACAP version=1.0" as a line of its own.
ACAP_VERSION_COMMENT : [ \t]* '##acap' ([ \t] ~[\n]*)? NL ;

// comment-field = *WSP comment CRLF
COMMENT_LINE : [ \t]* '#' ~[\n]* NL -> channel(HIDDEN) ;

LEADING_WS : [ \t]+ -> channel(HIDDEN) ;

// ACAP field names. Each is followed by the AFTER_KEY mode, which finds the ':' (or its absence).
// named-/any-crawler-identification-field = "ACAP-crawler:" ...
ACAP_CRAWLER_KEY : 'acap-crawler' -> mode(AFTER_KEY) ;
// permissions-reference-field = "ACAP-permissions-reference:" ...
ACAP_PERMISSIONS_REFERENCE_KEY : 'acap-permissions-reference' -> mode(AFTER_KEY) ;
// basic-permission-field = "ACAP-allow-" local-usage-name ":" ...
ACAP_ALLOW_LOCAL_USAGE_KEY : 'acap-allow-' LOCAL_USAGE_NAME -> mode(AFTER_KEY) ;
// basic-/qualified-permission-field = "ACAP-allow-" ACAP-usage-name ["-" used-resource-type-name] ":" ...
ACAP_ALLOW_USAGE_KEY : 'acap-allow-' ACAP_USAGE_NAME -> mode(AFTER_KEY) ;
// prohibition-field with a local usage: forbidden by 2.4.2, recognised so it can be reported.
ACAP_DISALLOW_LOCAL_USAGE_KEY : 'acap-disallow-' LOCAL_USAGE_NAME -> mode(AFTER_KEY) ;
// prohibition-field = "ACAP-disallow-" ACAP-usage-name ["-" used-resource-type-name] ":" ...
ACAP_DISALLOW_USAGE_KEY : 'acap-disallow-' ACAP_USAGE_NAME -> mode(AFTER_KEY) ;
// action-request-field = "ACAP-request-" action-name ":" ...; action-name = "take-down" / "re-crawl"
ACAP_REQUEST_KEY : 'acap-request-' ('take-down' | 're-crawl') -> mode(AFTER_KEY) ;
// usage-purpose-pattern-field = "ACAP-usage-purpose:" ...
ACAP_USAGE_PURPOSE_KEY : 'acap-usage-purpose' -> mode(AFTER_KEY) ;
// qualified-usage-definition-field = "ACAP-qualified-usage:" ...
ACAP_QUALIFIED_USAGE_KEY : 'acap-qualified-usage' -> mode(AFTER_KEY) ;
// composite-usage-definition-field = "ACAP-composite-usage:" ...
ACAP_COMPOSITE_USAGE_KEY : 'acap-composite-usage' -> mode(AFTER_KEY) ;
// resource-set-definition-field = "ACAP-resource-set:" ...
ACAP_RESOURCE_SET_KEY : 'acap-resource-set' -> mode(AFTER_KEY) ;
// ACAP-ignore-conventional-records = "ACAP-ignore-conventional-records" field-end
ACAP_IGNORE_CONVENTIONAL_RECORDS_KEY : 'acap-ignore-conventional-records' -> mode(AFTER_KEY) ;
// Any other name starting "ACAP-" (a misspelt field): longer matches win, so "ACAP-crawlers" lands here.
UNKNOWN_ACAP_KEY : 'acap-' KEY_CHAR* -> mode(AFTER_KEY) ;

// Conventional (RFC 9309) field names, with the misspellings google/robotstxt accepts.
USER_AGENT_KEY : ('user-agent' | 'useragent' | 'user agent') -> mode(AFTER_KEY) ;
ALLOW_KEY : 'allow' -> mode(AFTER_KEY) ;
DISALLOW_KEY : ('disallow' | 'dissallow' | 'dissalow' | 'disalow' | 'diasllow' | 'disallaw') -> mode(AFTER_KEY) ;
SITEMAP_KEY : ('sitemap' | 'site-map') -> mode(AFTER_KEY) ;
// RSL 1.0 (rslstandard.org/guide/robots-txt): "License: URL" points to a licence for the whole
// site, whatever group it stands in.
LICENSE_KEY : 'license' -> mode(AFTER_KEY) ;
// Any other name (Crawl-delay, Host, Content-Signal, or junk such as "<html>").
OTHER_KEY : KEY_CHAR+ -> mode(AFTER_KEY) ;
// A line that starts with ':' has no name at all.
JUNK_START : ':' -> mode(VALUE) ;

// ---------------------------------------------------------------------------------------------
// After a field name: whitespace, then the ':' separator, or a value with no ':' at all.
// ---------------------------------------------------------------------------------------------
mode AFTER_KEY;

KEY_WS : [ \t]+ -> channel(HIDDEN) ;
COLON : ':' -> mode(VALUE) ;
KEY_COMMENT : '#' ~[\n]* -> channel(HIDDEN) ;
KEY_EOL : NL -> type(EOL), mode(DEFAULT_MODE) ;
// "Disallow /x": google/robotstxt accepts whitespace in place of a missing ':'.
VALUE_WITHOUT_COLON : ~[ \t\n:#] ~[\n#]* -> mode(VALUE) ;

// ---------------------------------------------------------------------------------------------
// Field values: whitespace-separated items up to a comment or the end of the line.
// ---------------------------------------------------------------------------------------------
mode VALUE;

WS : [ \t]+ ;
// comment = "#" *(WSP / VCHAR): the rest of the line.
TRAILING_COMMENT : '#' ~[\n]* -> channel(HIDDEN) ;
EOL : NL -> mode(DEFAULT_MODE) ;
// resource-specification = ... / ("the-acap:resource-set:" resource-set-name)
RESOURCE_SET_REFERENCE : 'the-acap:resource-set:' ~[ \t\n#=]* ;
// local-usage-name = "(" (qualified-usage-name / composite-usage-name) ")"
LOCAL_USAGE_NAME_ITEM : LOCAL_USAGE_NAME ;
// any-crawler-identification-field = "ACAP-crawler:" *WSP "*" field-end
ASTERISK : '*' ;
// qualifier-specification = qualifier-type *WSP "=" *WSP qualifier-value
EQUALS : '=' ;
WORD : ~[ \t\n#=]+ ;

// ---------------------------------------------------------------------------------------------
fragment NL : '\n' ;
fragment KEY_CHAR : ~[ \t\n:#] ;
// name-start-char = ALPHA
fragment NAME_START_CHAR : [a-z] ;
// name-char = ALPHA / DIGIT / "-" / "_" / "."
fragment NAME_CHAR : [a-z0-9._-] ;
// ACAP-usage-name = name-start-char *name-char  (with ["-" used-resource-type-name]: the
// dictionary, not the grammar, splits "present-snippet"; see the NOTE in the reconstructed ABNF)
fragment ACAP_USAGE_NAME : NAME_START_CHAR NAME_CHAR* ;
// local-usage-name = "(" name ")"; the name is checked by the model builder so that
// "(1bad)" is reported rather than turned into an unknown field.
fragment LOCAL_USAGE_NAME : '(' ~[ \t\n:#()]* ')' ;
