// A Gatsby plugin needs an entry file; this one has only build hooks (gatsby-node.js).
