/**
 * Applies `?<param>=` to a select while the page is still being parsed, before its first paint and
 * before any script has loaded (the page's HTML is the same for every query string, so it cannot be
 * chosen at build time). An inline script placed after the select: it picks only a value the select
 * offers, and only while nothing is chosen. The form reads the page's values when it goes live
 * (useForm), so this choice, or one the visitor made before then, is kept.
 */
export function QueryChoice({ selectId, param }: { selectId: string; param: string }) {
  const code =
    `(function(){var s=document.getElementById(${JSON.stringify(selectId)}),v=new URLSearchParams(location.search).get(${JSON.stringify(param)});` +
    "if(s&&v&&!s.value)for(var i=0;i<s.options.length;i++)if(s.options[i].value===v){s.value=v;break}})()";
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
