# The dameo image for matches on Kubernetes (deploy/k8s): dameo built in a
# Go image, copied into a small Debian image that has the shell the Job's
# command line needs.
#
#   docker build -t REGISTRY/dameo:TAG .
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -o /out/dameo ./cmd/dameo

FROM debian:bookworm-slim
COPY --from=build /out/dameo /usr/local/bin/dameo
RUN useradd --system --uid 10001 --user-group --create-home dameo
USER dameo
WORKDIR /home/dameo
ENTRYPOINT ["dameo"]
