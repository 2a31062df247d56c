/// The text of the files `sqlgen init` writes for a new project.
enum Templates {
    static let movieSchema = """
    # A table per type: `sqlgen` and Data Connect derive queries (movie, movies) and mutations
    # (movie_insert, movie_update, movie_delete...) from it.
    type Movie @table {
      title: String!
      releaseYear: Int
      genre: String @index
      rating: Float
    }

    """

    static let movieQueries = """
    query ListMovies($genre: String, $limit: Int) @auth(level: PUBLIC) {
      movies(where: { genre: { eq: $genre } }, orderBy: [{ releaseYear: DESC }], limit: $limit) {
        id
        title
        releaseYear
        genre
        rating
      }
    }

    query GetMovie($id: UUID!) @auth(level: PUBLIC) {
      movie(id: $id) {
        id
        title
        releaseYear
        genre
        rating
      }
    }

    """

    static let movieMutations = """
    mutation CreateMovie($title: String!, $releaseYear: Int, $genre: String, $rating: Float) @auth(level: PUBLIC) {
      movie_insert(data: { title: $title, releaseYear: $releaseYear, genre: $genre, rating: $rating })
    }

    """

    static let movieSeed = """
    # Seed data: `sqlgen emulator --seed seed_data.gql` runs it at start.
    mutation seed @transaction {
      movie_insertMany(
        data: [
          { title: "A New Hope", releaseYear: 1977, genre: "Sci-Fi", rating: 4.6 }
          { title: "Blade Runner", releaseYear: 1982, genre: "Sci-Fi", rating: 4.5 }
          { title: "Amélie", releaseYear: 2001, genre: "Comedy", rating: 4.2 }
        ]
      )
    }

    """

    static func articleModel(configuration: String) -> String {
        """
        "An article (a content fragment model of the '\(configuration)' configuration)."
        type ArticleModel @model(path: "/conf/\(configuration)/settings/dam/cfm/models/article", title: "Article") {
          title: String
          slug: String
          main: MultiFormatString
          featuredImage: Reference
        }

        """
    }

    static let articlesAll = """
    # Every article; runs as /graphql/execute.json/<configuration>/articles-all
    query {
      articleList(sort: "title ASC") {
        items {
          _path
          title
          slug
        }
      }
    }

    """

    static let articleBySlug = """
    # One article by slug; runs as /graphql/execute.json/<configuration>/article-by-slug;slug=...
    query ($slug: String!) {
      articleList(filter: { slug: { _expressions: [{ value: $slug }] } }) {
        items {
          _path
          title
          main {
            plaintext
          }
        }
      }
    }

    """

    static func articleContent(configuration: String) -> String {
        """
        [
         {
          "_path": "/content/dam/\(configuration)/en/articles/welcome",
          "model": "/conf/\(configuration)/settings/dam/cfm/models/article",
          "title": "Welcome",
          "slug": "welcome",
          "main": "<p>Your first article.</p>\\n",
          "_contentTypes": {"main": "text/html"}
         }
        ]

        """
    }
}
