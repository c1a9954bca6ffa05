// What a route tells the production web server (server/) about itself, through its `handle`
// export: the server reads it from the router's own match, so no path spelling can dodge it.

export interface ServerHints {
  /**
   * true: every visitor without a session gets the same render of this route and of every route
   * below it, so the server may share one render for a moment. false: never shared, whatever a
   * layout above says (a page for the holder of a private link). The deepest route that says decides.
   */
  sharedRender?: boolean
  /**
   * The page is the same whatever path it answers (its loaders and meta never read the path, as a
   * not-found page's do not), so one shared render serves every path the route answers.
   */
  samePageForEveryPath?: boolean
  /** The query parameters its loader reads; the shared render of a URL ignores every other one. */
  queryParams?: readonly string[]
  /** The largest request body its action takes, in bytes (the server refuses more with 413). */
  maxBodyBytes?: number
}
