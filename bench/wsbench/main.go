// wsbench: the WebSocket row's two ends, in Go so neither is the limit.
//
//	wsbench echo -listen 127.0.0.1:PORT
//	    a WebSocket echo server: every message comes back as it was sent
//	wsbench load -url wss://127.0.0.1:PORT/ws/ -c 50 -d 8s -size 64
//	    c connections, each sending a message and waiting for its echo, in
//	    turn, for d; prints one JSON line: messages echoed, errors, seconds
package main

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: wsbench echo|load [flags]")
	}
	switch os.Args[1] {
	case "echo":
		echo(os.Args[2:])
	case "load":
		load(os.Args[2:])
	default:
		log.Fatalf("unknown command %q", os.Args[1])
	}
}

func echo(args []string) {
	fs := flag.NewFlagSet("echo", flag.ExitOnError)
	listen := fs.String("listen", "127.0.0.1:0", "address to listen on")
	fs.Parse(args)
	upgrader := websocket.Upgrader{ReadBufferSize: 16384, WriteBufferSize: 16384}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		conn, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		for {
			kind, message, err := conn.ReadMessage()
			if err != nil {
				return
			}
			if err := conn.WriteMessage(kind, message); err != nil {
				return
			}
		}
	})
	log.Fatal(http.ListenAndServe(*listen, nil))
}

type result struct {
	Messages    int64   `json:"messages"`
	Errors      int64   `json:"errors"`
	Connections int     `json:"connections"`
	Seconds     float64 `json:"seconds"`
	FirstError  string  `json:"first_error,omitempty"`
}

func load(args []string) {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	url := fs.String("url", "", "ws:// or wss:// URL")
	conns := fs.Int("c", 50, "connections")
	duration := fs.Duration("d", 8*time.Second, "how long to send")
	size := fs.Int("size", 64, "message size in bytes")
	fs.Parse(args)
	dialer := websocket.Dialer{
		TLSClientConfig:  &tls.Config{InsecureSkipVerify: true},
		HandshakeTimeout: 10 * time.Second,
		ReadBufferSize:   16384,
		WriteBufferSize:  16384,
	}
	payload := bytes.Repeat([]byte("m"), *size)
	var messages, errors atomic.Int64
	var firstError atomic.Value
	fail := func(err error) {
		errors.Add(1)
		firstError.CompareAndSwap(nil, err.Error())
	}
	// Every connection is open before the clock starts.
	open := make([]*websocket.Conn, 0, *conns)
	for i := 0; i < *conns; i++ {
		c, _, err := dialer.Dial(*url, nil)
		if err != nil {
			fail(err)
			continue
		}
		open = append(open, c)
	}
	start := time.Now()
	deadline := start.Add(*duration)
	var wg sync.WaitGroup
	for _, c := range open {
		wg.Add(1)
		go func(c *websocket.Conn) {
			defer wg.Done()
			defer c.Close()
			for time.Now().Before(deadline) {
				if err := c.WriteMessage(websocket.BinaryMessage, payload); err != nil {
					fail(err)
					return
				}
				_, echoed, err := c.ReadMessage()
				if err != nil {
					fail(err)
					return
				}
				if !bytes.Equal(echoed, payload) {
					fail(fmt.Errorf("echo differs from the message sent"))
					return
				}
				messages.Add(1)
			}
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
		}(c)
	}
	wg.Wait()
	r := result{Messages: messages.Load(), Errors: errors.Load(), Connections: len(open),
		Seconds: time.Since(start).Seconds()}
	if e, ok := firstError.Load().(string); ok {
		r.FirstError = e
	}
	json.NewEncoder(os.Stdout).Encode(r)
}
