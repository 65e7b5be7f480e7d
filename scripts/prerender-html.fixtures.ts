/** The shape of the index.html Vite builds, for the prerenderer's tests. */
export const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The site's description."
    />
    <title>Accord — the trust and acceptance network</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/router-c3.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
