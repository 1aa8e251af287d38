/**
 * Hostile text for the browser: script injections a user could type or paste into any free-text field.
 * Each vector runs `$` if a page ever lets it execute; `$` is an alert (caught as a dialog) or the assignment of a
 * global marker (caught by reading it), so a payload that runs cannot go unnoticed. Vectors from the usual
 * families: script and event-handler tags, javascript: and data: URLs, SVG and MathML namespace tricks, parser
 * breakouts (attribute, textarea, title, noscript), encodings and case games, template syntaxes. All at most 80
 * characters, the shortest free-text column they are written into (a customer's name).
 */
const VECTORS = [
  '<script>$</script>',
  '<img src=x onerror=$>',
  '<svg onload=$>',
  '<svg><script>$</script></svg>',
  '<body onload=$>',
  '<iframe src="javascript:$">',
  '<iframe srcdoc="<script>$</script>">',
  '<a href="javascript:$">clic</a>',
  '<details open ontoggle=$>',
  '<input autofocus onfocus=$>',
  '<video><source onerror=$>',
  '<audio src=x onerror=$>',
  '<object data="javascript:$">',
  '<embed src="javascript:$">',
  '<math><mtext><table><mglyph><style><img src=x onerror=$>',
  '<marquee onstart=$>',
  '<select autofocus onfocus=$>',
  '<textarea autofocus onfocus=$>',
  '<form><button formaction="javascript:$">x</button></form>',
  '<svg><animate onbegin=$ attributeName=x dur=1s>',
  '<div style="background:url(javascript:$)">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:$">',
  '<base href="javascript:$//">',
  '<noscript><p title="</noscript><img src=x onerror=$>">',
  '<xmp><p title="</xmp><img src=x onerror=$>">',
  '<svg><a xlink:href="javascript:$"><text>clic</text></a></svg>',
  'javascript:$',
  '"><img src=x onerror=$>',
  "'><svg onload=$>",
  '</textarea><script>$</script>',
  '</title><script>$</script>',
  '</style><script>$</script>',
  '<scr<script>ipt>$</scr</script>ipt>',
  '<IMG SRC=JaVaScRiPt:$>',
  '<svg/onload=$>',
  '<img/src/onerror=$>',
  '<body/onpageshow=$>',
  '<iframe/onload=$>',
  '<a href="  javascript:$">x</a>',
  '<a href="java&#x09;script:$">x</a>',
  '<img src="x" onerror="$"//',
  '<svg><style><img src=x onerror=$></style></svg>',
  '<table background="javascript:$">',
  '<img src=1 onmouseover=$ style="width:9999px;height:9999px">',
  '<p onclick=$ style="position:fixed;inset:0">x</p>',
  '<x onanimationstart=$ style="animation:spin 1s">',
  '<svg><set onbegin=$ attributeName=x to=1>',
  '<video poster=javascript:$>',
  '<isindex type=image src=1 onerror=$>',
  '{{constructor.constructor("$")()}}',
  '<img src=x onerror="window[`al`+`ert`](1);$">',
  '<template><img src=x onerror=$></template>',
] as const;

/** What a payload runs: an alert (a dialog) or a write to a global the test reads. */
const ACTIONS = ['alert(1)', 'top.__xss=1'] as const;

export const XSS_PAYLOADS: readonly string[] = VECTORS.flatMap((vector) =>
  ACTIONS.map((action) => vector.replaceAll('$', action)),
);
