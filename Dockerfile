# The core-registry API node as a container image, for the compose file of
# "core-registry network init" (docs/besu.md): docker build -t core-registry:<version> .
# secp256k1 compiles at install, so the build stage has the full toolchain image.
FROM node:20-bookworm AS build
WORKDIR /opt/core-registry
COPY . .
RUN npm ci && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /opt/core-registry
COPY --from=build /opt/core-registry /opt/core-registry
# The data directory of an external-ledger node (presentations used, token signing key): a
# volume, which takes this owner when created.
RUN mkdir -p /var/lib/core-registry && chown node:node /var/lib/core-registry
USER node
ENV CORE_DATA_DIR=/var/lib/core-registry
EXPOSE 8080
ENTRYPOINT ["node", "dist/src/cli/main.js"]
CMD ["serve"]
